/// The nearest of a few names to a mistyped one, for "Did you mean ...?": one rule for the
/// command line's options and values and a ring file's values.
public enum Suggestion {
  /// The candidate `typed` spells when case, `-`, `_` and spaces are ignored (`EaseInOut`
  /// and `ease_in_out` are `ease-in-out`); else the one closest by edit distance (a swap of
  /// neighbours counts one), when it is close: at most one edit in a word of under six
  /// characters, two in a longer one (`colour` is `colors`), and never half the word. `nil` when nothing is that close or `typed` is
  /// one of them. Only `candidates` are ever suggested.
  public static func nearest(to typed: String, among candidates: [String]) -> String? {
    if candidates.contains(typed) { return nil }
    let folded = fold(typed)
    if !folded.isEmpty, let same = candidates.first(where: { fold($0) == folded }) {
      return same
    }
    let word = Array(typed.drop { $0 == "-" })
    let allowed = min(2, max(1, word.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let d = distance(Array(typed), Array(candidate))
      if d == 0 { return nil }
      if d <= allowed, d * 2 < word.count, d < best?.distance ?? .max {
        best = (candidate, d)
      }
    }
    return best?.name
  }

  /// `text` lowercased without `-`, `_` and spaces: how names are compared first.
  static func fold(_ text: String) -> String {
    String(text.lowercased().filter { !"-_ ".contains($0) })
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// two neighbouring characters, each one edit.
  public static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
