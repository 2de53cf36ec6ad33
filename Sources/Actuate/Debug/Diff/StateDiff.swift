/// The diff of one state change, worked out once for every sink that prints it, each at its own length:
/// a trace abbreviates it, a text or JSON-lines log shows it whole.
struct StateDiff {
  private let lines: DumpLineBuffer

  /// The diff of `old` and `new`, or `nil` when they are equal or dump identically.
  init?<Value>(_ old: Value, _ new: Value) {
    let differ = ValueDiffer()
    guard differ.diff(old, new, label: "", depth: 0, root: true, collapse: false) else { return nil }
    lines = differ.dumper.buffer
  }

  /// The diff's text, cut to `maxLines` lines with a note saying how many were left out.
  func text(maxLines: Int) -> String {
    lines.render(showingMarks: true, maxLines: maxLines)
  }
}
