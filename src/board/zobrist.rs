//! Zobrist hashing keys, generated at compile time by splitmix64 from a
//! fixed seed so that keys (and thus books and search traces) never change
//! between builds.

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; 90]; 16] {
    let mut keys = [[0u64; 90]; 16];
    let mut state = 0x6368_7568_6521_u64; // "chuhe!"
    let mut p = 1; // code 0 is "empty" and keeps zero keys
    while p < 16 {
        if p & 7 != 0 {
            let mut s = 0;
            while s < 90 {
                let (next, key) = splitmix64(state);
                state = next;
                keys[p][s] = key;
                s += 1;
            }
        }
        p += 1;
    }
    keys
}

/// Key of each piece code (1..=15) on each square.
pub static PIECE_KEYS: [[u64; 90]; 16] = piece_keys();

/// Key toggled when Black is to move.
pub const SIDE_KEY: u64 = splitmix64(0x5349_4445).1;
