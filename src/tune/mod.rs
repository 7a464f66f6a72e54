//! Learning the evaluation from games: the training-data format
//! ([`data`]), self-play data generation ([`datagen`]) and import of
//! recorded games ([`import`]).

pub mod data;
pub mod datagen;
pub mod dataset;
pub mod emit;
pub mod fit;
pub mod import;
pub mod spsa;
pub mod spsa_games;
pub mod wdlfit;
