extension DebugLog {
  /// Renders any value as indented, Swift-like text, for logging state where
  /// `print`/`dump` output is either too terse or too noisy to read.
  ///
  /// Structs and classes print one field per line, collections one element per line,
  /// dictionaries and sets in a stable order, multi-line strings as `"""` blocks, and class
  /// instances that appear again (including cycles) as a `Name(↩︎ #n)` back-reference. An enum
  /// case or a tuple prints on one line when it fits in 100 columns, otherwise one field per line.
  /// A ``DebugRedacted`` value, ``Redacted`` among them, prints as `<redacted>`.
  ///
  /// - Parameters:
  ///   - value: The value to render.
  ///   - maxLines: Output beyond this many lines is replaced by a note saying how many lines
  ///     were left out, so dumping a huge value cannot flood a log.
  /// - Returns: The rendered text, without a trailing newline.
  public static func dump<Value>(_ value: Value, maxLines: Int = 1_000) -> String {
    let dumper = ValueDumper(storageLimit: max(1, maxLines))
    dumper.write(value, label: "", depth: 0, mark: .context, root: true)
    return dumper.buffer.render(showingMarks: false, maxLines: maxLines)
  }

  /// Describes how `new` differs from `old`, for explaining what a state change actually did.
  ///
  /// Lines start with `- ` (only in `old`), `+ ` (only in `new`) or two spaces (context).
  /// Unchanged fields are shown on one line or collapsed (`Todo(…)`, `[…] (3 elements)`),
  /// and runs of unchanged elements become a single `… (N unchanged)` line. An enum whose case
  /// did not change is diffed inside its payload, like a struct, at any depth. A redacted value
  /// that changed shows as a `-` and a `+` line of `<redacted>`, never its value. Collection
  /// elements are matched by `Identifiable` id when available, otherwise by equality, so an
  /// insertion shows as one added element rather than a shifted sequence of changes.
  ///
  /// Cost is proportional to the size of the change plus one pass over the rest: subtrees
  /// whose type is `Equatable` are compared with `==` and skipped when equal.
  ///
  /// - Parameters:
  ///   - old: The value before the change.
  ///   - new: The value after the change.
  ///   - maxLines: Output beyond this many lines is replaced by a note saying how many lines
  ///     were left out.
  /// - Returns: The diff, or `nil` when the values are equal or dump identically.
  public static func diff<Value>(_ old: Value, _ new: Value, maxLines: Int = 1_000) -> String? {
    StateDiff(old, new)?.text(maxLines: maxLines)
  }
}
