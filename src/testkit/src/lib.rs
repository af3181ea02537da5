//! Test code shared by Rocada's integration tests (`tests/*.rs`) and its cargo-fuzz targets
//! (`fuzz/`): written once here instead of `#[path]`-included into each. Never shipped.

pub mod chess960;
pub mod fuzz_checks;
pub mod special_move;

pub use chess960::scharnagl_back_rank;
pub use special_move::pick_special_or_any;
