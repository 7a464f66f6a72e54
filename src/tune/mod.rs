//! Learning the evaluation from games: the training-data formats
//! ([`data`], text; [`games`], compact game records; [`input`] reads
//! either), self-play data generation ([`datagen`]) and import of
//! recorded games ([`import`]).

pub mod data;
pub mod datagen;
pub mod dataset;
pub mod emit;
pub mod fit;
pub mod games;
pub mod import;
pub mod input;
pub mod spsa;
pub mod spsa_games;
pub mod wdlfit;
