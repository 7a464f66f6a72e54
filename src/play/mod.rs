//! Playing against the engine in a terminal (`chuhe play`): move notations
//! ([`notation`]: ICCS, Chinese, WXF, both ways), the board as text
//! ([`render`]), why a typed move is refused ([`refusal`]) and the game
//! loop ([`session`]).

pub mod notation;
pub mod refusal;
pub mod render;
pub mod session;

pub use notation::{parse_move, to_chinese, to_wxf};
pub use render::{render_board, RenderOptions};
pub use session::{announce, PlayConfig, Session};
