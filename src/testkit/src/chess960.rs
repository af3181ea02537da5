//! Chess960 written here from its definition, independently of `rocada::chess960`.

/// The back rank of Chess960 start position `n` by Scharnagl's numbering, written here from the
/// definition (independently of `rocada::chess960`): light bishop `n % 4` on b/d/f/h, dark
/// bishop `n / 4 % 4` on a/c/e/g, queen `n / 16 % 6` among the free squares, knights by
/// `n / 96` from the ten ways to place two knights on five squares, then rook, king, rook.
pub fn scharnagl_back_rank(n: u32) -> String {
    let mut rank = [' '; 8];
    rank[(2 * (n % 4) + 1) as usize] = 'B';
    rank[(2 * (n / 4 % 4)) as usize] = 'B';
    let free = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|i| rank[*i] == ' ').collect() };
    let q = free(&rank)[(n / 16 % 6) as usize];
    rank[q] = 'Q';
    let knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][(n / 96) as usize];
    let f = free(&rank);
    rank[f[knights.0]] = 'N';
    rank[f[knights.1]] = 'N';
    for (i, c) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[i] = c;
    }
    rank.iter().collect()
}
