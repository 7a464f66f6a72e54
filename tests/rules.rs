//! Game rules beyond moves: move grading, repetition verdicts (perpetual
//! check and chase), the move limit and game adjudication, on hand-built
//! histories.

use chuhe::board::rules::{
    analyse_repetition, game_result, grade_move, has_repetition, occurrences, plies_toward_limit,
    repetition_start, repetition_verdict, repetition_verdict_since, EndReason, GameResult,
    MoveGrade, RuleConfig, Verdict,
};
use chuhe::board::{Colour, Move, Position};

fn mv(text: &str) -> Move {
    Move::from_iccs(text).unwrap()
}

/// Sets up `fen` and plays `moves`, checking each is legal first.
fn play(fen: &str, moves: &[&str]) -> Position {
    let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for (i, m) in moves.iter().enumerate() {
        let m = mv(m);
        assert!(pos.is_legal(m), "move {i} ({m}) is illegal in\n{pos}");
        pos.make_move(m);
    }
    pos
}

/// Grades `m` in `fen` after checking it is legal.
fn grade(fen: &str, m: &str) -> MoveGrade {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = mv(m);
    assert!(pos.is_legal(m), "{m} is illegal in\n{pos}");
    grade_move(&pos, m)
}

/// Plays a four-ply cycle and checks there is no repetition before its
/// last move, then returns the verdict.
fn cycle_verdict(fen: &str, moves: &[&str]) -> Option<Verdict> {
    let before = play(fen, &moves[..moves.len() - 1]);
    assert!(!has_repetition(&before, 0), "repetition too early");
    assert_eq!(repetition_verdict(&before), None);
    let pos = play(fen, moves);
    repetition_verdict(&pos)
}

const CFG: RuleConfig = RuleConfig {
    move_limit_plies: 120,
    repetition_count: 3,
};

// Red rook checks from a9 and a8, the black king steps between e9 and e8.
const PERPETUAL_CHECK: &str = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
const PERPETUAL_CHECK_MOVES: [&str; 4] = ["a8a9", "e9e8", "a9a8", "e8e9"];

// The red cannon follows a black rook between ranks 5 and 6 (black pawns on
// e5 and e6 are the screens).
const CANNON_CHASES_ROOK: &str = "4k4/9/9/4p3r/C3p4/9/9/9/9/3K5 w - - 0 1";
const CANNON_CHASES_ROOK_MOVES: [&str; 4] = ["a5a6", "i6i5", "a6a5", "i5i6"];

// The red rook follows an unprotected black horse between a6 and c7.
const ROOK_CHASES_HORSE: &str = "4k4/9/9/n8/9/9/9/2R6/9/3K5 w - - 0 1";
const HORSE_MOVES: [&str; 4] = ["c2a2", "a6c7", "a2c2", "c7a6"];

#[test]
fn perpetual_check_loses() {
    let v = cycle_verdict(PERPETUAL_CHECK, &PERPETUAL_CHECK_MOVES);
    assert_eq!(v, Some(Verdict::Loss(Colour::Red)));
    let pos = play(PERPETUAL_CHECK, &PERPETUAL_CHECK_MOVES);
    let rep = analyse_repetition(&pos, 0).unwrap();
    assert_eq!(rep.start_ply, 0);
    assert_eq!(rep.first_mover, Colour::Red);
    assert_eq!(
        rep.grades,
        vec![
            MoveGrade::Check,
            MoveGrade::Idle,
            MoveGrade::Check,
            MoveGrade::Idle
        ]
    );
    let result = game_result(&pos, &CFG).unwrap();
    assert_eq!(
        result,
        GameResult::Win {
            winner: Colour::Black,
            reason: EndReason::PerpetualCheck
        }
    );
    assert_eq!(result.to_string(), "black wins by perpetual check");
}

#[test]
fn perpetual_check_by_black_loses() {
    // the same seen from the other chair: Black checks, Red steps
    let v = cycle_verdict(
        "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1",
        &["a1a0", "e0e1", "a0a1", "e1e0"],
    );
    assert_eq!(v, Some(Verdict::Loss(Colour::Black)));
}

#[test]
fn repetition_needs_a_full_cycle_and_no_capture() {
    let pos = play(PERPETUAL_CHECK, &PERPETUAL_CHECK_MOVES);
    assert_eq!(repetition_start(&pos, 0), Some(0));
    // the cycle starts at ply 0: a window starting later does not see it
    assert!(has_repetition(&pos, 0));
    assert!(!has_repetition(&pos, 1));
    assert_eq!(repetition_verdict_since(&pos, 1), None);
    // a second lap finds the nearer cycle, starting at ply 4
    let pos = play(
        PERPETUAL_CHECK,
        &[
            "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9",
        ],
    );
    assert_eq!(repetition_start(&pos, 0), Some(4));
    assert_eq!(
        repetition_verdict_since(&pos, 4),
        Some(Verdict::Loss(Colour::Red))
    );
    // a capture makes the same shuffle no repetition: the red rook takes a
    // black horse on a9, the pieces come back to their squares
    let pos = play(
        "n3k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
        &["a8a9", "e9e8", "a9a8", "e8e9"],
    );
    assert!(!has_repetition(&pos, 0));
    assert_eq!(game_result(&pos, &CFG), None);
}

#[test]
fn mutual_idle_repetition_draws_at_the_third_occurrence() {
    // rook a0-a1, king d9-d8: nothing attacked
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let lap = ["a0a1", "d9d8", "a1a0", "d8d9"];
    assert_eq!(cycle_verdict(fen, &lap), Some(Verdict::Draw));
    // two laps: the start position occurs again after 4 plies and for the
    // third time after 8
    let moves: Vec<&str> = lap.iter().chain(lap.iter()).copied().collect();
    let mut pos = Position::from_fen(fen).unwrap();
    for (i, m) in moves.iter().enumerate() {
        pos.make_move(mv(m));
        let plies = i + 1;
        // every position from ply 4 on repeats the one four plies before
        let expected = match plies {
            1..=3 => 1,
            4..=7 => 2,
            _ => 3,
        };
        assert_eq!(occurrences(&pos, 0), expected, "after {plies} plies");
        let result = game_result(&pos, &CFG);
        if plies < 8 {
            // the first repetition (after 4 plies) does not end the game
            assert_eq!(result, None, "ended after {plies} plies");
        } else {
            let result = result.unwrap();
            assert_eq!(
                result,
                GameResult::Draw {
                    reason: EndReason::Repetition
                }
            );
            assert_eq!(result.to_string(), "draw by repetition");
        }
    }
    // the count is configurable: 2 ends the game at the first repetition
    let first = RuleConfig {
        repetition_count: 2,
        ..CFG
    };
    assert_eq!(
        game_result(&play(fen, &lap), &first).map(|r| r.reason()),
        Some(EndReason::Repetition)
    );
    // a position without history occurs once
    assert_eq!(occurrences(&Position::from_fen(fen).unwrap(), 0), 1);
}

#[test]
fn perpetual_chase_of_a_rook_by_a_cannon_loses() {
    let v = cycle_verdict(CANNON_CHASES_ROOK, &CANNON_CHASES_ROOK_MOVES);
    assert_eq!(v, Some(Verdict::Loss(Colour::Red)));
    let result = game_result(&play(CANNON_CHASES_ROOK, &CANNON_CHASES_ROOK_MOVES), &CFG);
    assert_eq!(
        result,
        Some(GameResult::Win {
            winner: Colour::Black,
            reason: EndReason::PerpetualChase
        })
    );
}

#[test]
fn perpetual_chase_of_a_protected_rook_by_a_cannon_still_loses() {
    // a black rook on i9 protects the chased rook on i6 (not on i5): a rook
    // attacked by a cannon is chased whether protected or not
    let fen = "4k3r/9/9/4p3r/C3p4/9/9/9/9/3K5 w - - 0 1";
    let v = cycle_verdict(fen, &CANNON_CHASES_ROOK_MOVES);
    assert_eq!(v, Some(Verdict::Loss(Colour::Red)));
}

#[test]
fn perpetual_chase_of_an_unprotected_horse_by_a_rook_loses() {
    let v = cycle_verdict(ROOK_CHASES_HORSE, &HORSE_MOVES);
    assert_eq!(v, Some(Verdict::Loss(Colour::Red)));
    let pos = play(ROOK_CHASES_HORSE, &HORSE_MOVES);
    let rep = analyse_repetition(&pos, 0).unwrap();
    assert_eq!(
        rep.grades,
        vec![
            MoveGrade::Chase,
            MoveGrade::Idle,
            MoveGrade::Chase,
            MoveGrade::Idle
        ]
    );
}

#[test]
fn chasing_a_protected_horse_is_no_chase() {
    // a black rook on a7 protects both a6 and c7 (along rank 7)
    let fen = "4k4/9/r8/n8/9/9/9/2R6/9/3K5 w - - 0 1";
    assert_eq!(cycle_verdict(fen, &HORSE_MOVES), Some(Verdict::Draw));
}

#[test]
fn mutual_perpetual_chase_draws() {
    // the fleeing horse attacks an unprotected red cannon on each move
    // (d5 from c7, b4 from a6) while the red rook follows it
    let fen = "4k4/9/9/n8/3C5/1C7/9/2R6/9/3K5 w - - 0 1";
    let pos = play(fen, &HORSE_MOVES);
    let rep = analyse_repetition(&pos, 0).unwrap();
    assert_eq!(rep.grades, vec![MoveGrade::Chase; 4]);
    assert_eq!(rep.verdict, Verdict::Draw);
}

#[test]
fn pawn_attacks_are_free() {
    // a crossed red pawn steps between e5 and d5 attacking an unprotected
    // horse each time (e6, then d6)
    let fen = "4k4/9/9/3nn4/4P4/9/9/9/9/3K5 w - - 0 1";
    let moves = ["e5d5", "e9e8", "d5e5", "e8e9"];
    assert_eq!(cycle_verdict(fen, &moves), Some(Verdict::Draw));
}

#[test]
fn king_attacks_are_free() {
    // the red king attacks an unprotected black cannon on e0 or e1 on each
    // of its moves
    let fen = "5k3/9/9/9/9/9/9/9/4c4/3Kc4 w - - 0 1";
    let moves = ["d0d1", "f9f8", "d1d0", "f8f9"];
    assert_eq!(cycle_verdict(fen, &moves), Some(Verdict::Draw));
}

#[test]
fn unadvanced_pawns_are_free_crossed_pawns_are_not() {
    // the red rook attacks unprotected black pawns on c6 and g6 in turn
    let fen = "4k4/9/9/2p3p2/9/9/9/2R6/9/3K5 w - - 0 1";
    let moves = ["c2g2", "e9e8", "g2c2", "e8e9"];
    assert_eq!(cycle_verdict(fen, &moves), Some(Verdict::Draw));
    // the same with pawns that crossed the river (c4, g4): a chase
    let fen = "4k4/9/9/9/9/2p3p2/9/2R6/9/3K5 w - - 0 1";
    assert_eq!(cycle_verdict(fen, &moves), Some(Verdict::Loss(Colour::Red)));
}

#[test]
fn grade_check() {
    assert_eq!(grade(PERPETUAL_CHECK, "a8a9"), MoveGrade::Check);
    assert_eq!(grade(PERPETUAL_CHECK, "a8a7"), MoveGrade::Idle);
}

#[test]
fn grade_chase_of_unprotected_piece() {
    assert_eq!(grade(ROOK_CHASES_HORSE, "c2a2"), MoveGrade::Chase);
    // the horse is not attacked from b2
    assert_eq!(grade(ROOK_CHASES_HORSE, "c2b2"), MoveGrade::Idle);
}

#[test]
fn grade_no_chase_of_protected_piece() {
    let fen = "4k4/9/r8/n8/9/9/9/2R6/9/3K5 w - - 0 1";
    assert_eq!(grade(fen, "c2a2"), MoveGrade::Idle);
}

#[test]
fn grade_no_chase_when_the_target_can_take_back() {
    // an unprotected black rook on a6 attacked by the red rook can take it
    let fen = "4k4/9/9/r8/9/9/9/2R6/9/3K5 w - - 0 1";
    assert_eq!(grade(fen, "c2a2"), MoveGrade::Idle);
}

#[test]
fn grade_pawn_and_king_attacks_free() {
    assert_eq!(
        grade("4k4/9/9/3nn4/4P4/9/9/9/9/3K5 w - - 0 1", "e5d5"),
        MoveGrade::Idle
    );
    assert_eq!(
        grade("5k3/9/9/9/9/9/9/9/4c4/3Kc4 w - - 0 1", "d0d1"),
        MoveGrade::Idle
    );
}

#[test]
fn grade_old_attack_is_not_a_new_chase() {
    // the red rook on a2 already attacks the horse on a6; a king move keeps
    // that attack but does not make it new
    let fen = "4k4/9/9/n8/9/9/9/R8/9/3K5 w - - 0 1";
    assert_eq!(grade(fen, "d0d1"), MoveGrade::Idle);
}

#[test]
fn grade_discovered_attack_is_a_chase() {
    // the red horse on a5 blocks the red rook on a2 from the unprotected
    // black horse on a9; moving the horse off the file discovers the attack
    let fen = "n3k4/9/9/9/N8/9/9/R8/9/3K5 w - - 0 1";
    assert_eq!(grade(fen, "a5c4"), MoveGrade::Chase);
    // a king move discovers nothing
    assert_eq!(grade(fen, "d0d1"), MoveGrade::Idle);
}

#[test]
fn grade_pinned_attacker_does_not_chase() {
    // the red rook is pinned on the e-file by the black rook on e9: its
    // "attack" on the horse on a3 is not real
    let pinned = "3kr4/9/9/9/9/9/n8/4R4/9/4K4 w - - 0 1";
    assert_eq!(grade(pinned, "e2e3"), MoveGrade::Idle);
    let free = "3k5/9/9/9/9/9/n8/4R4/9/4K4 w - - 0 1";
    assert_eq!(grade(free, "e2e3"), MoveGrade::Chase);
}

#[test]
fn grade_cannon_attacking_protected_rook_is_a_chase() {
    let fen = "4k3r/9/9/4p3r/C3p4/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(grade(fen, "a5a6"), MoveGrade::Chase);
}

#[test]
fn checkmate_and_stalemate() {
    let pos = play("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", &["b0b9"]);
    let result = game_result(&pos, &CFG).unwrap();
    assert_eq!(
        result,
        GameResult::Win {
            winner: Colour::Red,
            reason: EndReason::Checkmate
        }
    );
    assert_eq!(result.to_string(), "red wins by checkmate");
    // before the mate the game goes on
    let pos = play("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", &[]);
    assert_eq!(game_result(&pos, &CFG), None);
    // stalemate: the black king has no move but is not in check
    let pos = play("4k4/R8/9/9/3R5/9/9/9/9/5K3 b - - 0 1", &[]);
    assert!(!pos.in_check());
    let result = game_result(&pos, &CFG).unwrap();
    assert_eq!(
        result,
        GameResult::Win {
            winner: Colour::Red,
            reason: EndReason::Stalemate
        }
    );
    assert_eq!(result.to_string(), "red wins by stalemate");
}

/// Red's rook loops over nine squares of a2–c4, Black's over seven of g5–i7:
/// no position repeats for 63 full moves and nothing is ever attacked.
fn long_walk(plies: usize) -> Vec<String> {
    let red = ["a2", "a3", "a4", "b4", "c4", "c3", "b3", "b2", "c2"];
    let black = ["g5", "g6", "g7", "h7", "i7", "i6", "i5"];
    let mut out = Vec::new();
    for i in 0..plies {
        let k = i / 2;
        let m = if i % 2 == 0 {
            format!("{}{}", red[k % 9], red[(k + 1) % 9])
        } else {
            format!("{}{}", black[k % 7], black[(k + 1) % 7])
        };
        out.push(m);
    }
    out
}

const WALK_FEN: &str = "5k3/9/9/9/6r2/9/9/R8/9/3K5 w - - 0 1";

#[test]
fn move_limit_draws_after_120_quiet_plies() {
    let moves = long_walk(120);
    let mut pos = Position::from_fen(WALK_FEN).unwrap();
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(game_result(&pos, &CFG), None, "ended early at ply {i}");
        assert_eq!(plies_toward_limit(&pos), i as u32);
        let m = mv(m);
        assert!(pos.is_legal(m), "ply {i}: {m} illegal in\n{pos}");
        pos.make_move(m);
    }
    assert_eq!(plies_toward_limit(&pos), 120);
    let result = game_result(&pos, &CFG).unwrap();
    assert_eq!(
        result,
        GameResult::Draw {
            reason: EndReason::MoveLimit
        }
    );
    assert_eq!(result.to_string(), "draw by move limit");
    // the limit is configurable, 0 switches it off
    assert_eq!(
        game_result(
            &pos,
            &RuleConfig {
                move_limit_plies: 0,
                ..CFG
            }
        ),
        None
    );
    assert_eq!(
        game_result(
            &pos,
            &RuleConfig {
                move_limit_plies: 121,
                ..CFG
            }
        ),
        None
    );
    assert_eq!(RuleConfig::default(), CFG);
}

#[test]
fn move_limit_counts_from_the_fen_clock_and_restarts_after_a_capture() {
    let fen = "5k3/9/9/9/6r2/9/9/R8/9/3K5 w - - 100 1";
    let moves = long_walk(20);
    let refs: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
    let pos = play(fen, &refs);
    assert_eq!(plies_toward_limit(&pos), 120);
    assert_eq!(
        game_result(&pos, &CFG).map(|r| r.reason()),
        Some(EndReason::MoveLimit)
    );
    // a capture resets the count: the red rook takes a horse, then two
    // quiet plies
    let pos = play(
        "5k3/9/9/9/9/9/9/n8/9/R2K5 w - - 90 1",
        &["a0a2", "f9f8", "a2a3"],
    );
    assert_eq!(plies_toward_limit(&pos), 2);
}

#[test]
fn checks_and_replies_do_not_count_toward_the_limit() {
    // check, reply, two quiet plies, check, reply, one quiet ply
    let moves = ["a8a9", "e9e8", "a9a7", "e8f8", "a7a8", "f8f9", "a8a6"];
    let pos = play(PERPETUAL_CHECK, &moves[..2]);
    assert_eq!(plies_toward_limit(&pos), 0);
    let pos = play(PERPETUAL_CHECK, &moves);
    assert!(!has_repetition(&pos, 0));
    assert_eq!(pos.halfmove_clock(), 7);
    assert_eq!(plies_toward_limit(&pos), 3);
    let limit = |n| RuleConfig {
        move_limit_plies: n,
        ..CFG
    };
    assert_eq!(game_result(&pos, &limit(4)), None);
    assert_eq!(
        game_result(&pos, &limit(3)).map(|r| r.reason()),
        Some(EndReason::MoveLimit)
    );
}

#[test]
fn mutual_perpetual_check_draws() {
    // the red cannon shuttles d2-e2 and the black rook e7-d7: each move
    // blocks the check against its own king and discovers a check (rook d1
    // or cannon d2 for Red, rook e7 or cannon e9 for Black)
    let fen = "3kc4/9/4rR3/9/9/9/7N1/3C5/3R5/4K4 w - - 0 1";
    let moves = ["d2e2", "e7d7", "e2d2", "d7e7"];
    assert!(Position::from_fen(fen).unwrap().in_check());
    let pos = play(fen, &moves);
    let rep = analyse_repetition(&pos, 0).unwrap();
    assert_eq!(rep.grades, vec![MoveGrade::Check; 4]);
    assert_eq!(rep.verdict, Verdict::Draw);
    // a drawn cycle is not a forbidden perpetual: the game ends at the
    // third occurrence, like an idle repetition
    assert_eq!(game_result(&pos, &CFG), None);
    let twice: Vec<&str> = moves.iter().chain(moves.iter()).copied().collect();
    assert_eq!(
        game_result(&play(fen, &twice), &CFG),
        Some(GameResult::Draw {
            reason: EndReason::Repetition
        })
    );
}

#[test]
fn perpetual_check_against_perpetual_chase_the_checker_loses() {
    // the red horse steps off and back onto the e-file, discovering and
    // then giving a cannon check from e0; the black rook on e1 (the
    // cannon's screen) steps aside to f1 attacking the unprotected horse on
    // f9, and back to e1 attacking the unprotected cannon on e0 and the horse
    let fen = "4k2r1/9/R3N4/9/9/9/2n6/3K5/4r4/4C4 w - - 0 1";
    let moves = ["e7f9", "e1f1", "f9e7", "f1e1"];
    let pos = play(fen, &moves);
    let rep = analyse_repetition(&pos, 0).unwrap();
    assert_eq!(
        rep.grades,
        vec![
            MoveGrade::Check,
            MoveGrade::Chase,
            MoveGrade::Check,
            MoveGrade::Chase
        ]
    );
    assert_eq!(rep.verdict, Verdict::Loss(Colour::Red));
    assert_eq!(
        game_result(&pos, &CFG),
        Some(GameResult::Win {
            winner: Colour::Black,
            reason: EndReason::PerpetualCheck
        })
    );
}

#[test]
fn grade_escaping_check_creates_no_new_chase() {
    // the black rook on b3 attacks the unprotected red cannon on b4 all
    // along; while Black is in check that capture is illegal, and the king
    // move out of check makes it legal again: no new attack, no chase
    let pos = play("5R1n1/4k4/1N7/9/9/1C7/1r7/9/9/3K5 w - - 0 1", &["f9f8"]);
    assert!(pos.in_check());
    let m = mv("e8e9");
    assert!(pos.is_legal(m));
    assert_eq!(grade_move(&pos, m), MoveGrade::Idle);
}
