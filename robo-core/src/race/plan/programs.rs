//! Every distinct program a hand allows, with fixed registers kept.

use smallvec::SmallVec;

/// Calls `visit` once for every distinct program: a sequence of
/// `slots.len()` cards where each `None` slot takes a card from `hand` and
/// each `Some` slot is fixed. Equal cards in the hand are interchangeable,
/// so a hand with duplicates gives fewer programs than `9·8·7·6·5`.
/// Programs come in lexicographic order of the free slots' cards (by
/// `Ord`), which makes planners that keep the first best program
/// deterministic. Returns how many programs were visited.
///
/// ```
/// use robo_core::race::plan::distinct_programs;
/// let mut seen = Vec::new();
/// let n = distinct_programs(&['a', 'a', 'b'], &[None, None], |p| seen.push(p.to_vec()));
/// assert_eq!(n, 3);
/// assert_eq!(seen, vec![vec!['a', 'a'], vec!['a', 'b'], vec!['b', 'a']]);
/// // A fixed slot is kept.
/// let n = distinct_programs(&['x', 'y'], &[None, Some('h'), None], |_| ());
/// assert_eq!(n, 2);
/// ```
pub fn distinct_programs<C: Ord + Copy>(
    hand: &[C],
    slots: &[Option<C>],
    mut visit: impl FnMut(&[C]),
) -> u64 {
    // Group the hand into (card, count), sorted.
    let mut sorted: SmallVec<[C; 16]> = hand.iter().copied().collect();
    sorted.sort_unstable();
    let mut kinds: SmallVec<[(C, u8); 16]> = SmallVec::new();
    for c in sorted {
        match kinds.last_mut() {
            Some((k, n)) if *k == c => *n += 1,
            _ => kinds.push((c, 1)),
        }
    }
    let Some(filler) = slots
        .iter()
        .flatten()
        .next()
        .copied()
        .or_else(|| kinds.first().map(|k| k.0))
    else {
        // No card anywhere: only the empty program, if there are no slots.
        if slots.is_empty() {
            visit(&[]);
            return 1;
        }
        return 0;
    };
    let mut program: SmallVec<[C; 8]> = smallvec::smallvec![filler; slots.len()];
    let mut count = 0;
    fill(&mut kinds, slots, 0, &mut program, &mut visit, &mut count);
    count
}

fn fill<C: Copy>(
    kinds: &mut [(C, u8)],
    slots: &[Option<C>],
    i: usize,
    program: &mut [C],
    visit: &mut impl FnMut(&[C]),
    count: &mut u64,
) {
    if i == slots.len() {
        visit(program);
        *count += 1;
        return;
    }
    if let Some(c) = slots[i] {
        program[i] = c;
        fill(kinds, slots, i + 1, program, visit, count);
        return;
    }
    for k in 0..kinds.len() {
        if kinds[k].1 == 0 {
            continue;
        }
        kinds[k].1 -= 1;
        program[i] = kinds[k].0;
        fill(kinds, slots, i + 1, program, visit, count);
        kinds[k].1 += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(hand: &[u8], k: usize) -> u64 {
        distinct_programs(hand, &vec![None; k], |_| ())
    }

    #[test]
    fn distinct_hands_give_all_permutations() {
        assert_eq!(count(&[1, 2, 3, 4, 5, 6, 7, 8, 9], 5), 9 * 8 * 7 * 6 * 5);
    }

    #[test]
    fn duplicates_give_fewer_programs_and_each_once() {
        // Four of one card and five distinct others.
        let hand = [0, 0, 0, 0, 1, 2, 3, 4, 5];
        let mut seen = std::collections::HashSet::new();
        let n = distinct_programs(&hand, &[None; 5], |p| assert!(seen.insert(p.to_vec())));
        assert_eq!(n as usize, seen.len());
        assert!(n < 15_120);
        // Brute force over index permutations gives the same set.
        let mut brute = std::collections::HashSet::new();
        for a in 0..9 {
            for b in 0..9 {
                for c in 0..9 {
                    for d in 0..9 {
                        for e in 0..9 {
                            let ix = [a, b, c, d, e];
                            if (0..5).all(|i| (0..i).all(|j| ix[i] != ix[j])) {
                                brute.insert(ix.iter().map(|&i| hand[i]).collect::<Vec<_>>());
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(brute, seen);
    }

    #[test]
    fn fixed_slots_and_short_hands() {
        let mut seen = Vec::new();
        distinct_programs(&[2, 1], &[None, Some(9), None], |p| seen.push(p.to_vec()));
        assert_eq!(seen, vec![vec![1, 9, 2], vec![2, 9, 1]]);
        assert_eq!(count(&[1], 2), 0, "not enough cards");
        assert_eq!(distinct_programs::<u8>(&[], &[], |_| ()), 1);
    }
}
