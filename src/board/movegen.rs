//! Move generation: pseudo-legal moves from precomputed tables, filtered to
//! legal ones by a king-safety test that is skipped when the move provably
//! cannot expose the king.

use super::checks::{evasion_squares, uncovering_squares};
use super::moves::{Move, MoveList};
use super::piece::PieceKind;
use super::position::{Position, SLOT_KIND};
use super::square::{file_rank, set_has, Square};
use super::tables::{
    Steps, ADVISOR_MOVES, BISHOP_MOVES, FILE_LINES, KING_MOVES, KNIGHT_MOVES, PAWN_MOVES,
    RANK_LINES,
};

/// Whether piece code `p` belongs to the side with colour bit `side_bit`
/// (0 Red, 8 Black); empty squares belong to nobody.
#[inline(always)]
fn is_enemy(p: u8, side_bit: u8) -> bool {
    p != 0 && p & 8 != side_bit
}

#[inline(always)]
fn not_own(p: u8, side_bit: u8) -> bool {
    p == 0 || p & 8 != side_bit
}

impl Position {
    /// Every legal move of the side to move, in a fixed order (by piece
    /// slot, then by table order).
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_given_check(self.in_check())
    }

    /// [`Position::legal_moves`] for a caller that already knows whether
    /// the side to move is in check (the search tests it anyway), saving
    /// the second test.
    pub fn legal_moves_given_check(&self, in_check: bool) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(in_check, &mut list);
        list
    }

    /// [`Position::legal_moves_given_check`] written into `list` (cleared
    /// first), for the search's hot path: a list filled in place is not
    /// copied out of a return value.
    pub fn legal_moves_into(&self, in_check: bool, list: &mut MoveList) {
        debug_assert_eq!(in_check, self.in_check());
        list.clear();
        self.generate::<false>(list);
        self.retain_legal(list, in_check);
    }

    /// The legal captures of the side to move (for quiescence search).
    pub fn legal_captures(&self) -> MoveList {
        self.legal_captures_given_check(self.in_check())
    }

    /// [`Position::legal_captures`] with the check status already known.
    pub fn legal_captures_given_check(&self, in_check: bool) -> MoveList {
        let mut list = MoveList::new();
        self.legal_captures_into(in_check, &mut list);
        list
    }

    /// [`Position::legal_captures_given_check`] written into `list`
    /// (cleared first; see [`Position::legal_moves_into`]).
    pub fn legal_captures_into(&self, in_check: bool, list: &mut MoveList) {
        debug_assert_eq!(in_check, self.in_check());
        list.clear();
        self.generate::<true>(list);
        self.retain_legal(list, in_check);
    }

    /// Every pseudo-legal move (own king safety not checked).
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list);
        list
    }

    /// Whether the side to move has at least one legal move. When it has
    /// none the game is over and it has lost (checkmate or stalemate alike).
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_pseudo_legal(mv) && self.is_safe_for_mover(mv)
    }

    /// Whether `mv` is a capture (of any piece) in this position.
    #[inline(always)]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.pieces[mv.to().index()] != 0
    }

    /// Whether `mv` moves a piece of the side to move the way its kind moves,
    /// onto a square not held by its own side, ignoring king safety. Cheap
    /// enough to validate hash-table and killer moves in the search.
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        if mv.is_null() {
            return false;
        }
        let (from, to) = (mv.from().index(), mv.to().index());
        let side_bit = (self.side.index() as u8) << 3;
        let p = self.pieces[from];
        if p == 0 || p & 8 != side_bit || !not_own(self.pieces[to], side_bit) {
            return false;
        }
        let id = self.ids[from] as usize;
        let in_steps = |steps: &Steps, leg_matters: bool| {
            steps
                .iter()
                .any(|(t, via)| t == to && (!leg_matters || self.pieces[via] == 0))
        };
        match SLOT_KIND[id & 15] {
            PieceKind::King => in_steps(&KING_MOVES[from], false),
            PieceKind::Advisor => in_steps(&ADVISOR_MOVES[from], false),
            PieceKind::Bishop => in_steps(&BISHOP_MOVES[from], true),
            PieceKind::Knight => in_steps(&KNIGHT_MOVES[from], true),
            PieceKind::Pawn => in_steps(&PAWN_MOVES[self.side.index()][from], false),
            kind @ (PieceKind::Rook | PieceKind::Cannon) => {
                let (ff, fr, tf, tr) = (from % 9, from / 9, to % 9, to / 9);
                let (line, bit) = if ff == tf {
                    (&FILE_LINES[fr][self.file_occ[ff] as usize], tr)
                } else if fr == tr {
                    (&RANK_LINES[ff][self.rank_occ[fr] as usize], tf)
                } else {
                    return false;
                };
                let mask = if self.pieces[to] == 0 {
                    line.quiet
                } else if kind == PieceKind::Rook {
                    line.first
                } else {
                    line.second
                };
                mask & (1 << bit) != 0
            }
        }
    }

    /// Whether making the pseudo-legal `mv` leaves the mover's king safe.
    #[inline(always)]
    fn is_safe_for_mover(&self, mv: Move) -> bool {
        // The legality test plays the move on the placement arrays and puts
        // it back; it needs `&mut`, so it works on a scratch copy only in
        // this rarely used path.
        let mut scratch = self.clone_placement();
        scratch.leaves_king_safe(mv.from().index(), mv.to().index())
    }

    fn clone_placement(&self) -> Position {
        // no move history, so nothing to allocate
        let mut p = Position::placement_only();
        p.pieces = self.pieces;
        p.ids = self.ids;
        p.piece_sq = self.piece_sq;
        p.rank_occ = self.rank_occ;
        p.file_occ = self.file_occ;
        p.side = self.side;
        p
    }

    /// Plays from→to on the placement, tests the mover's king, takes it back.
    #[inline(always)]
    fn leaves_king_safe(&mut self, from: usize, to: usize) -> bool {
        let side = self.side;
        let king = self.piece_sq[side.index() * 16] as usize;
        let king = if king == from { to } else { king };
        let captured = self.shallow_make(from, to);
        let safe = !self.king_square_attacked(king, side.opposite());
        self.shallow_unmake(from, to, captured);
        safe
    }

    /// Drops the pseudo-legal moves of `list` that leave the king attacked.
    ///
    /// When the side is not in check, only king moves and moves that
    /// uncover an enemy attack on the king (see
    /// [`super::checks::uncovering_squares`]) can be illegal; the others
    /// are kept untested.
    fn retain_legal(&self, list: &mut MoveList, in_check: bool) {
        if list.is_empty() {
            // often so for captures: nothing to test, skip the risk squares
            return;
        }
        let side = self.side;
        let king = self.piece_sq[side.index() * 16] as usize;
        // the test needs to play moves on the placement; a scratch copy of
        // the arrays is cheaper than interior mutability here
        let mut scratch: Option<Position> = None;
        if in_check {
            // a move of another piece that cannot answer the check is
            // dropped untested; the king's moves and the rest are tested
            let (from_ok, to_ok) =
                evasion_squares(self, king, side.opposite()).unwrap_or((u128::MAX, u128::MAX));
            list.retain(|mv| {
                let (from, to) = (mv.from().index(), mv.to().index());
                let candidate = from == king || set_has(from_ok, from) || set_has(to_ok, to);
                candidate
                    && scratch
                        .get_or_insert_with(|| self.clone_placement())
                        .leaves_king_safe(from, to)
            });
            return;
        }
        let (from_risk, to_risk) = uncovering_squares(self, king, side.opposite());
        if from_risk == 0 && to_risk == 0 {
            // only king moves can be illegal, and generation puts them
            // first (piece slot 0): test them and leave the rest untouched
            let n = list.iter().take_while(|m| m.from().index() == king).count();
            debug_assert!(list.iter().skip(n).all(|m| m.from().index() != king));
            list.retain_first(n, |mv| {
                scratch
                    .get_or_insert_with(|| self.clone_placement())
                    .leaves_king_safe(king, mv.to().index())
            });
            return;
        }
        list.retain(|mv| {
            let (from, to) = (mv.from().index(), mv.to().index());
            let risky = from == king || set_has(from_risk, from) || set_has(to_risk, to);
            if !risky {
                return true;
            }
            scratch
                .get_or_insert_with(|| self.clone_placement())
                .leaves_king_safe(from, to)
        });
    }

    /// Appends the pseudo-legal moves (captures only when `CAPTURES`), each
    /// kind's pieces in a loop of their own, so no per-piece dispatch on
    /// the kind.
    fn generate<const CAPTURES: bool>(&self, list: &mut MoveList) {
        let side = self.side;
        let side_bit = (side.index() as u8) << 3;
        let present = |kind| self.squares_of(side, kind).map(Square::index);
        for from in present(PieceKind::King) {
            self.gen_steps::<CAPTURES, false>(list, from, &KING_MOVES[from], side_bit);
        }
        for from in present(PieceKind::Advisor) {
            self.gen_steps::<CAPTURES, false>(list, from, &ADVISOR_MOVES[from], side_bit);
        }
        for from in present(PieceKind::Bishop) {
            self.gen_steps::<CAPTURES, true>(list, from, &BISHOP_MOVES[from], side_bit);
        }
        for from in present(PieceKind::Knight) {
            self.gen_steps::<CAPTURES, true>(list, from, &KNIGHT_MOVES[from], side_bit);
        }
        for from in present(PieceKind::Rook) {
            self.gen_slides::<CAPTURES, false>(list, from, side_bit);
        }
        for from in present(PieceKind::Cannon) {
            self.gen_slides::<CAPTURES, true>(list, from, side_bit);
        }
        let pawn_moves = &PAWN_MOVES[side.index()];
        for from in present(PieceKind::Pawn) {
            self.gen_steps::<CAPTURES, false>(list, from, &pawn_moves[from], side_bit);
        }
    }

    #[inline(always)]
    fn gen_steps<const CAPTURES: bool, const BLOCKABLE: bool>(
        &self,
        list: &mut MoveList,
        from: usize,
        steps: &Steps,
        side_bit: u8,
    ) {
        let from_sq = Square::from_index_unchecked(from);
        for i in 0..steps.len as usize {
            let to = steps.to[i] as usize;
            let target = self.pieces[to];
            // captures: the target first, as few steps reach an enemy
            let ok = if CAPTURES {
                is_enemy(target, side_bit)
                    && !(BLOCKABLE && self.pieces[steps.via[i] as usize] != 0)
            } else {
                !(BLOCKABLE && self.pieces[steps.via[i] as usize] != 0) && not_own(target, side_bit)
            };
            if ok {
                list.push(Move::new(from_sq, Square::from_index_unchecked(to)));
            }
        }
    }

    #[inline(always)]
    fn gen_slides<const CAPTURES: bool, const CANNON: bool>(
        &self,
        list: &mut MoveList,
        from: usize,
        side_bit: u8,
    ) {
        let from_sq = Square::from_index_unchecked(from);
        let (f, r) = file_rank(from);
        let file_line = &FILE_LINES[r][self.file_occ[f] as usize];
        let rank_line = &RANK_LINES[f][self.rank_occ[r] as usize];
        let (file_hits, rank_hits) = if CANNON {
            (file_line.second, rank_line.second)
        } else {
            (file_line.first, rank_line.first)
        };
        let on_file = |rank: usize| rank * 9 + f;
        let on_rank = |file: usize| r * 9 + file;
        let pieces = &self.pieces;
        push_line(list, from_sq, file_hits, on_file, |to| {
            is_enemy(pieces[to], side_bit)
        });
        push_line(list, from_sq, rank_hits, on_rank, |to| {
            is_enemy(pieces[to], side_bit)
        });
        if !CAPTURES {
            push_line(list, from_sq, file_line.quiet, on_file, |_| true);
            push_line(list, from_sq, rank_line.quiet, on_rank, |_| true);
        }
    }
}

/// Pushes a move to every point of line mask `m` that `keep` accepts;
/// `to_of` turns a bit index of the line into a square index.
#[inline(always)]
fn push_line(
    list: &mut MoveList,
    from: Square,
    mut m: u16,
    to_of: impl Fn(usize) -> usize,
    keep: impl Fn(usize) -> bool,
) {
    while m != 0 {
        let to = to_of(m.trailing_zeros() as usize);
        m &= m - 1;
        if keep(to) {
            list.push(Move::new(from, Square::from_index_unchecked(to)));
        }
    }
}
