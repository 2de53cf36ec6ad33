import Testing

@testable import Actuate

@Suite struct SequenceAlignmentTests {
  /// Replays the steps: every old index must be consumed once in order, every new index
  /// produced once in order, and `.unchanged` runs must really be equal.
  private func check(_ old: [Int], _ new: [Int]) -> Int {
    let steps = SequenceAlignment.align(oldCount: old.count, newCount: new.count, equal: { old[$0] == new[$1] })
    var oldCursor = 0
    var newCursor = 0
    var edits = 0
    for step in steps {
      switch step {
      case .unchanged(let o, let n, let count):
        #expect(o == oldCursor && n == newCursor)
        #expect(Array(old[o..<(o + count)]) == Array(new[n..<(n + count)]))
        oldCursor += count
        newCursor += count
      case .paired(let o, let n):
        #expect(o == oldCursor && n == newCursor)
        oldCursor += 1
        newCursor += 1
        edits += 2
      case .removed(let o):
        #expect(o == oldCursor)
        oldCursor += 1
        edits += 1
      case .inserted(let n):
        #expect(n == newCursor)
        newCursor += 1
        edits += 1
      }
    }
    #expect(oldCursor == old.count && newCursor == new.count)
    return edits
  }

  @Test func singleInsertionIsOneEdit() {
    #expect(check(Array(0..<1_000), Array(0..<500) + [-1] + Array(500..<1_000)) == 1)
  }

  @Test func randomSequencesReplayCorrectly() {
    var seed: UInt64 = 42
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for _ in 0..<200 {
      let old = (0..<next(30)).map { _ in next(5) }
      let new = (0..<next(30)).map { _ in next(5) }
      _ = check(old, new)
    }
  }

  @Test func identitiesPairMovedElements() {
    let steps = SequenceAlignment.align(
      oldCount: 3, newCount: 3, equal: { _, _ in false },
      identities: { _, _ in ([1, 2, 3], [2, 3, 1]) })
    #expect(steps == [.removed(0), .paired(old: 1, new: 0), .paired(old: 2, new: 1), .inserted(2)])
  }
}
