//! One small stable sort for short lists (root moves, tags, touched pieces).
//!
//! `slice::sort_by_key` brings a driftsort instantiation of 3 to 7 KB of wasm per element
//! type; these lists hold at most a few hundred items, for which an insertion sort is as fast.

/// Sorts `v` by `key`, stably (equal keys keep their order), as `slice::sort_by_key` does.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by_key;

    #[test]
    fn sorts_stably_as_the_standard_sort() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for len in 0..60 {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    ((seed % 7) as u8, i)
                })
                .collect();
            let mut ours = items.clone();
            let mut std = items;
            sort_by_key(&mut ours, |&(k, _)| k);
            std.sort_by_key(|&(k, _)| k);
            assert_eq!(ours, std);
        }
    }
}
