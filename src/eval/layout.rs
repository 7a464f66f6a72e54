//! The `default` profile's parameters: one flat vector, each entry with a
//! middlegame and an endgame value (see [`super::params`]), grouped here by
//! term. The index of every term is a constant of this module, so that
//! the evaluator and its trace (see [`super::trace`]) agree on it.
//!
//! Piece-square tables are stored for one half of the board (files `a`–`e`,
//! the other half mirrors them) and from the piece's own side (rank 0 = its
//! own back rank), so both colours and both wings share each entry.

/// One group of parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Name, as written in the generated `params.rs`.
    pub name: &'static str,
    /// The evaluation part the group belongs to (index into
    /// [`super::PART_NAMES`]).
    pub part: usize,
    /// First index.
    pub start: usize,
    /// Number of entries.
    pub len: usize,
}

/// Material per kind (king, advisor, elephant, horse, rook, cannon, pawn).
pub const MATERIAL: usize = 0;
/// Piece-count imbalances, see the `IMB_*` offsets.
pub const IMBALANCE: usize = MATERIAL + 7;
/// Both rooks.
pub const IMB_ROOK_PAIR: usize = 0;
/// Both horses.
pub const IMB_HORSE_PAIR: usize = 1;
/// Both cannons.
pub const IMB_CANNON_PAIR: usize = 2;
/// At least one horse and one cannon (马炮).
pub const IMB_HORSE_CANNON: usize = 3;
/// No rook left while the opponent has one.
pub const IMB_ROOKLESS: usize = 4;
/// Number of imbalance terms.
pub const IMBALANCE_LEN: usize = 5;

/// Piece-square tables: 7 kinds × 50 half-board squares.
pub const PSQ: usize = IMBALANCE + IMBALANCE_LEN;
/// Entries per kind in [`PSQ`].
pub const PSQ_KIND_LEN: usize = 50;

/// Mobility per move, per kind.
pub const MOBILITY: usize = PSQ + 7 * PSQ_KIND_LEN;
/// A horse with 0, 1 or 2 moves (on top of its per-move value).
pub const HORSE_LOW_MOBILITY: usize = MOBILITY + 7;

/// The ten coordination patterns, see the `CO_*` offsets.
pub const COORDINATION: usize = HORSE_LOW_MOBILITY + 3;
/// 担子炮: cannons guarding each other.
pub const CO_LINKED_CANNONS: usize = 0;
/// Both cannons among the first three pieces on a line from the enemy king.
pub const CO_DOUBLE_CANNONS: usize = 1;
/// ... and the first two (重炮).
pub const CO_STACKED_CANNONS: usize = 2;
/// 连环马: horses guarding each other.
pub const CO_LINKED_HORSES: usize = 3;
/// Rook and cannon among the first three pieces on a line from the enemy king.
pub const CO_ROOK_CANNON: usize = 4;
/// A horse and a rook both attacking the enemy palace.
pub const CO_ROOK_HORSE: usize = 5;
/// Both advisors.
pub const CO_ADVISOR_PAIR: usize = 6;
/// Advisors guarding each other.
pub const CO_ADVISORS_CONNECTED: usize = 7;
/// Both elephants.
pub const CO_ELEPHANT_PAIR: usize = 8;
/// Elephants guarding each other.
pub const CO_ELEPHANTS_CONNECTED: usize = 9;
/// Number of coordination patterns.
pub const COORDINATION_LEN: usize = 10;

/// Pawn structure after the river: side-by-side crossed pawns (per pair),
/// crossed pawns inside the enemy palace.
pub const PAWNS: usize = COORDINATION + COORDINATION_LEN;
/// Connected crossed pawns.
pub const PAWN_CONNECTED: usize = 0;
/// A crossed pawn in the enemy palace.
pub const PAWN_IN_PALACE: usize = 1;

/// Victims of threats: advisor, elephant, horse, rook, cannon, pawn at
/// home, crossed pawn.
pub const VICTIMS: usize = 7;
/// Attacker classes counted as the cheapest attacker: pawn, advisor or
/// elephant, horse, cannon, rook.
pub const ATTACKER_CLASSES: usize = 5;
/// An attacked, undefended piece: `[victim]` when its side is to move,
/// then `[victim]` when the opponent is.
pub const HANGING: usize = PAWNS + 2;
/// An attacked, defended piece by its cheapest attacker:
/// `[to move or not][victim][attacker class]`.
pub const ATTACKED: usize = HANGING + 2 * VICTIMS;
/// A defended piece, per victim kind.
pub const DEFENDED: usize = ATTACKED + 2 * VICTIMS * ATTACKER_CLASSES;

/// King safety, see the `KS_*` offsets (all from the defender's view).
pub const KING_SAFETY: usize = DEFENDED + VICTIMS;
/// Per enemy rook attacking a square of the palace.
pub const KS_ROOK_ON_PALACE: usize = 0;
/// Per enemy horse attacking a square of the palace.
pub const KS_HORSE_ON_PALACE: usize = 1;
/// Per enemy cannon attacking a square of the palace.
pub const KS_CANNON_ON_PALACE: usize = 2;
/// Missing advisors × enemy rooks, horses, cannons (3 entries).
pub const KS_NO_ADVISOR: usize = 3;
/// Missing elephants × enemy rooks, horses, cannons (3 entries).
pub const KS_NO_ELEPHANT: usize = 6;
/// No own piece in front of the king on its file, per enemy rook.
pub const KS_OPEN_FILE: usize = 9;
/// An enemy cannon on the king's file with exactly one piece between.
pub const KS_CANNON_AIMED: usize = 10;
/// Number of king-safety terms.
pub const KING_SAFETY_LEN: usize = 11;

/// Number of parameters.
pub const N_PARAMS: usize = KING_SAFETY + KING_SAFETY_LEN;

/// The groups in index order.
pub const GROUPS: [Group; 11] = [
    group("material", 0, MATERIAL, 7),
    group("imbalance", 0, IMBALANCE, IMBALANCE_LEN),
    group("psq", 1, PSQ, 7 * PSQ_KIND_LEN),
    group("mobility", 2, MOBILITY, 7),
    group("horse_low_mobility", 2, HORSE_LOW_MOBILITY, 3),
    group("coordination", 3, COORDINATION, COORDINATION_LEN),
    group("pawns", 3, PAWNS, 2),
    group("hanging", 4, HANGING, 2 * VICTIMS),
    group("attacked", 4, ATTACKED, 2 * VICTIMS * ATTACKER_CLASSES),
    group("defended", 4, DEFENDED, VICTIMS),
    group("king_safety", 4, KING_SAFETY, KING_SAFETY_LEN),
];

const fn group(name: &'static str, part: usize, start: usize, len: usize) -> Group {
    Group {
        name,
        part,
        start,
        len,
    }
}

/// The group holding parameter `index`.
pub fn group_of(index: usize) -> &'static Group {
    GROUPS
        .iter()
        .find(|g| (g.start..g.start + g.len).contains(&index))
        .expect("parameter index in range")
}

/// Which parameters of the fitted vector (middlegame values, then endgame
/// values: `2 * N_PARAMS` entries) belong to the groups named in `names`
/// (as in [`GROUPS`], e.g. `material`, `psq`); an unknown name is an
/// error that lists the known ones.
pub fn group_mask(names: &[String]) -> Result<Vec<bool>, String> {
    let mut mask = vec![false; 2 * N_PARAMS];
    for name in names {
        let g = GROUPS.iter().find(|g| g.name == name).ok_or_else(|| {
            let known: Vec<&str> = GROUPS.iter().map(|g| g.name).collect();
            format!(
                "unknown parameter group '{name}' (one of {})",
                known.join(", ")
            )
        })?;
        for i in g.start..g.start + g.len {
            mask[i] = true;
            mask[N_PARAMS + i] = true;
        }
    }
    Ok(mask)
}

/// The index of the piece-square entry of `kind` on the square with
/// `file` (0–8) and `own_rank` (0 = the piece's own back rank).
#[inline(always)]
pub const fn psq_index(kind: usize, file: usize, own_rank: usize) -> usize {
    let half = if file > 4 { 8 - file } else { file };
    PSQ + kind * PSQ_KIND_LEN + own_rank * 5 + half
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_vector() {
        let mut next = 0;
        for g in GROUPS {
            assert_eq!(g.start, next, "{}", g.name);
            next += g.len;
        }
        assert_eq!(next, N_PARAMS);
        assert_eq!(psq_index(6, 4, 9), PSQ + 7 * PSQ_KIND_LEN - 1);
        assert_eq!(psq_index(6, 8, 9), psq_index(6, 0, 9));
        assert_eq!(group_of(PSQ + 3).name, "psq");
    }

    #[test]
    fn a_group_mask_covers_the_named_groups_in_both_phases() {
        let names = ["material".to_string(), "king_safety".to_string()];
        let mask = group_mask(&names).unwrap();
        for i in 0..N_PARAMS {
            let named = ["material", "king_safety"].contains(&group_of(i).name);
            assert_eq!(mask[i], named, "middlegame {i}");
            assert_eq!(mask[N_PARAMS + i], named, "endgame {i}");
        }
        assert!(group_mask(&[]).unwrap().iter().all(|&m| !m));
        let err = group_mask(&["materiel".to_string()]).unwrap_err();
        assert!(
            err.contains("materiel") && err.contains("imbalance"),
            "{err}"
        );
    }
}
