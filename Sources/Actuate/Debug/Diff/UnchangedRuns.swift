/// Folds consecutive unchanged elements into one `… (N unchanged)` line. A change is written
/// first and moved after the pending summary only once it is known to be a real change.
struct UnchangedRuns {
  let depth: Int
  var pending = 0
  private var separator = ElementSeparator()

  init(depth: Int) {
    self.depth = depth
  }

  mutating func emit(into dumper: ValueDumper, _ write: () -> Bool) -> Bool {
    let start = dumper.buffer.count
    guard write() else {
      dumper.buffer.truncate(to: start)
      pending += 1
      return false
    }
    let lines = dumper.buffer.cut(from: start)
    flush(into: dumper)
    separator.next(&dumper.buffer)
    dumper.buffer.append(contentsOf: lines)
    return true
  }

  mutating func flush(into dumper: ValueDumper) {
    guard pending > 0 else { return }
    separator.next(&dumper.buffer)
    dumper.buffer.append(.context, depth, "", "… (\(GroupedCount.format(pending)) unchanged)")
    pending = 0
  }
}
