/// Aligns two ordered sequences so that one insertion reads as one added line instead of a
/// cascade of positional changes. Common prefix and suffix are trimmed in linear time and
/// only the differing middle goes through Myers' O((N+M)·D) search, which gives up and pairs
/// by position once the edit distance or the work budget gets large.
enum SequenceAlignment {
  enum Step: Equatable {
    /// `count` elements from `old` and `new` that are known to be equal.
    case unchanged(old: Int, new: Int, count: Int)
    /// Elements that correspond but may differ; the caller compares them.
    case paired(old: Int, new: Int)
    case removed(Int)
    case inserted(Int)
  }

  static let maximumEditDistance = 1_000
  static let maximumWork = 4_000_000

  /// - Parameters:
  ///   - equal: content equality between `old[i]` and `new[j]`.
  ///   - identities: when provided, the middle is matched by identity instead of equality
  ///     and matches become `.paired` so their contents get diffed.
  ///   - pairGaps: pair equally sized runs of removals and insertions by position, which
  ///     reads better for edited elements than remove-all-then-insert-all.
  static func align(
    oldCount: Int,
    newCount: Int,
    equal: (Int, Int) -> Bool,
    identities: ((Range<Int>, Range<Int>) -> ([AnyHashable], [AnyHashable])?)? = nil,
    pairGaps: Bool = true
  ) -> [Step] {
    var prefix = 0
    while prefix < oldCount, prefix < newCount, equal(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < oldCount - prefix, suffix < newCount - prefix,
      equal(oldCount - 1 - suffix, newCount - 1 - suffix)
    {
      suffix += 1
    }
    var steps: [Step] = []
    if prefix > 0 { steps.append(.unchanged(old: 0, new: 0, count: prefix)) }
    let oldMiddle = prefix..<(oldCount - suffix)
    let newMiddle = prefix..<(newCount - suffix)
    if let ids = identities?(oldMiddle, newMiddle) {
      steps += middle(oldMiddle, newMiddle, matchedAsPairs: true, pairGaps: false) {
        ids.0[$0 - oldMiddle.lowerBound] == ids.1[$1 - newMiddle.lowerBound]
      }
    } else {
      steps += middle(oldMiddle, newMiddle, matchedAsPairs: false, pairGaps: pairGaps, equal: equal)
    }
    if suffix > 0 { steps.append(.unchanged(old: oldCount - suffix, new: newCount - suffix, count: suffix)) }
    return steps
  }

  private static func middle(
    _ old: Range<Int>, _ new: Range<Int>, matchedAsPairs: Bool, pairGaps: Bool,
    equal: (Int, Int) -> Bool
  ) -> [Step] {
    if old.isEmpty { return new.map { .inserted($0) } }
    if new.isEmpty { return old.map { .removed($0) } }
    guard let matches = myersMatches(old, new, equal: equal) else {
      return positional(old, new)
    }
    var steps: [Step] = []
    var oldCursor = old.lowerBound
    var newCursor = new.lowerBound
    func gap(to oldEnd: Int, _ newEnd: Int) {
      let removed = oldEnd - oldCursor
      let inserted = newEnd - newCursor
      if pairGaps, removed == inserted {
        for offset in 0..<removed { steps.append(.paired(old: oldCursor + offset, new: newCursor + offset)) }
      } else {
        for index in oldCursor..<oldEnd { steps.append(.removed(index)) }
        for index in newCursor..<newEnd { steps.append(.inserted(index)) }
      }
    }
    for (oldIndex, newIndex) in matches {
      gap(to: oldIndex, newIndex)
      if matchedAsPairs {
        steps.append(.paired(old: oldIndex, new: newIndex))
      } else if case .unchanged(let o, let n, let count)? = steps.last, o + count == oldIndex, n + count == newIndex {
        steps[steps.count - 1] = .unchanged(old: o, new: n, count: count + 1)
      } else {
        steps.append(.unchanged(old: oldIndex, new: newIndex, count: 1))
      }
      oldCursor = oldIndex + 1
      newCursor = newIndex + 1
    }
    gap(to: old.upperBound, new.upperBound)
    return steps
  }

  private static func positional(_ old: Range<Int>, _ new: Range<Int>) -> [Step] {
    let shared = min(old.count, new.count)
    var steps: [Step] = (0..<shared).map { .paired(old: old.lowerBound + $0, new: new.lowerBound + $0) }
    steps += old.dropFirst(shared).map { .removed($0) }
    steps += new.dropFirst(shared).map { .inserted($0) }
    return steps
  }

  /// Matched index pairs in increasing order, or `nil` when the search exceeds its budget.
  private static func myersMatches(
    _ old: Range<Int>, _ new: Range<Int>, equal: (Int, Int) -> Bool
  ) -> [(Int, Int)]? {
    let n = old.count
    let m = new.count
    let limit = min(n + m, maximumEditDistance)
    let offset = limit + 1
    var frontier = [Int](repeating: 0, count: 2 * limit + 3)
    var history: [[Int]] = []
    var work = 0
    for d in 0...limit {
      history.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]))
          ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, equal(old.lowerBound + x, new.lowerBound + y) {
          x += 1
          y += 1
          work += 1
        }
        work += 1
        frontier[offset + k] = x
        if x >= n, y >= m {
          return backtrack(history: history, d: d, n: n, m: m, old: old, new: new)
        }
      }
      if work > maximumWork { return nil }
    }
    return nil
  }

  private static func backtrack(
    history: [[Int]], d finalD: Int, n: Int, m: Int, old: Range<Int>, new: Range<Int>
  ) -> [(Int, Int)] {
    var matches: [(Int, Int)] = []
    var x = n
    var y = m
    for d in stride(from: finalD, through: 0, by: -1) {
      let previous = history[d]
      let base = d + 1
      let k = x - y
      let previousK: Int
      if d == 0 {
        previousK = 0
      } else if k == -d || (k != d && previous[base + k - 1] < previous[base + k + 1]) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousX = d == 0 ? 0 : previous[base + previousK]
      let previousY = previousX - previousK
      let startX = d == 0 ? 0 : (previousK == k + 1 ? previousX : previousX + 1)
      while x > startX, y > startX - k {
        x -= 1
        y -= 1
        matches.append((old.lowerBound + x, new.lowerBound + y))
      }
      x = previousX
      y = previousY
    }
    return matches.reversed()
  }
}
