extension ValueDumper {
  /// How many columns a line may take, its two-column mark and indentation included: past this a value is
  /// printed one field a line, so that a change deep inside it is shown where it is.
  static let lineWidth = 100

  /// Deeply nested lines keep at least this much room, or every payload there would break onto lines of its
  /// own.
  static let minimumWidth = 40

  /// The columns left for a value written at `depth` after `label`.
  static func width(depth: Int, label: String) -> Int {
    max(lineWidth - 2 - 2 * depth, minimumWidth) - label.count
  }

  /// The whole value on one line, when it reads well that way: scalars, one-line strings and `<redacted>`
  /// always (they cannot be broken), enum payloads and tuples made only of such values when they fit in
  /// `width` columns. Structs and non-empty collections always expand, one field a line.
  func inlineText(_ shape: ValueShape, root: Bool, width: Int) -> String? {
    switch shape {
    case .scalar(let text):
      return text
    case .text(let text):
      return StringLiteral.isMultiline(text) ? nil : StringLiteral.quoted(text)
    case .redacted:
      return Redaction.placeholder
    default:
      var line = InlineLine(width: width)
      return append(shape, root: root, to: &line) ? line.text : nil
    }
  }

  /// Appends `shape` to `line`, or returns `false` as soon as it cannot fit: a long payload is given up
  /// after its first `width` columns, so asking costs no more than the line it would make.
  private func append(_ shape: ValueShape, root: Bool, to line: inout InlineLine) -> Bool {
    switch shape {
    case .scalar(let text):
      return line.append(text)
    case .text(let text):
      return !StringLiteral.isMultiline(text) && line.append(StringLiteral.quoted(text))
    case .redacted:
      return line.append(Redaction.placeholder)
    case .enumCase(let name, let caseName, let payload):
      guard line.append(Self.caseText(name, caseName, root: root)) else { return false }
      return payload.isEmpty || append(payload, open: "(", close: ")", to: &line)
    case .tuple(let fields):
      return append(fields, open: "(", close: ")", to: &line)
    case .structure(let name, let fields, _):
      return fields.isEmpty && line.append(name + "()")
    case .sequence(let name, let elements):
      return elements.count == 0 && line.append(name.map { "\($0)([])" } ?? "[]")
    case .keyed(let name, let content):
      guard content.count == 0 else { return false }
      if content.isSet { return line.append("\(name ?? "Set")([])") }
      return line.append(name.map { "\($0)([:])" } ?? "[:]")
    }
  }

  private func append(_ fields: [ValueField], open: String, close: String, to line: inout InlineLine) -> Bool {
    guard line.append(open) else { return false }
    for (index, field) in fields.enumerated() {
      if index > 0, !line.append(", ") { return false }
      if let label = field.label, !line.append(label + ": ") { return false }
      guard append(classifier.shape(of: field.value), root: false, to: &line) else { return false }
    }
    return line.append(close)
  }

  /// How an unchanged value appears inside a diff: in full when it fits on one line, otherwise as an elided
  /// summary, so unchanged subtrees are never printed out.
  func collapsedText(_ shape: ValueShape, root: Bool, width: Int) -> String {
    if let inline = inlineText(shape, root: root, width: width) { return inline }
    switch shape {
    case .text(let text):
      let lines = StringLiteral.blockLines(text).count
      return "\"\"\"…\"\"\" (\(GroupedCount.phrase(lines, "line", "lines")))"
    case .structure(let name, _, _):
      return "\(name)(…)"
    case .enumCase(let name, let caseName, _):
      return Self.caseText(name, caseName, root: root) + "(…)"
    case .tuple:
      return "(…)"
    case .sequence(let name, let elements):
      return (name.map { "\($0)([…])" } ?? "[…]")
        + " (\(GroupedCount.phrase(elements.count, "element", "elements")))"
    case .keyed(let name, let content):
      if content.isSet {
        return "\(name ?? "Set")([…]) (\(GroupedCount.phrase(content.count, "element", "elements")))"
      }
      return (name.map { "\($0)([…])" } ?? "[…]")
        + " (\(GroupedCount.phrase(content.count, "entry", "entries")))"
    case .scalar(let text):
      return text
    case .redacted:
      return Redaction.placeholder
    }
  }
}

/// One line being built, counting its columns as it grows.
private struct InlineLine {
  let width: Int
  private(set) var text = ""
  private var columns = 0

  init(width: Int) {
    self.width = width
  }

  /// Appends `piece` and says whether the line still fits.
  mutating func append(_ piece: String) -> Bool {
    text += piece
    columns += piece.count
    return columns <= width
  }
}
