/// Writes values as indented, Swift-like lines. Diffing reuses it to print whole removed or
/// inserted values and the one-line collapsed form of unchanged ones.
final class ValueDumper {
  var buffer: DumpLineBuffer
  var classifier = ValueClassifier()
  private var objects: [AnyHashable: ObjectRecord] = [:]
  private var nextObjectNumber = 1

  private struct ObjectRecord {
    var serial: Int
    var number: Int?
  }

  /// Instances are tracked per side of a diff, since old and new are separate graphs.
  private struct ObjectKey: Hashable {
    var side: LineMark
    var object: ObjectIdentifier
  }

  init(storageLimit: Int = .max) {
    buffer = DumpLineBuffer(storageLimit: storageLimit)
  }

  func write(_ value: Any, label: String, depth: Int, mark: LineMark, root: Bool) {
    write(shape: classifier.shape(of: value), label: label, depth: depth, mark: mark, root: root)
  }

  func write(shape: ValueShape, label: String, depth: Int, mark: LineMark, root: Bool) {
    if let inline = inlineText(shape, root: root, width: Self.width(depth: depth, label: label)) {
      buffer.append(mark, depth, label, inline)
      return
    }
    switch shape {
    case .scalar(let text):
      buffer.append(mark, depth, label, text)
    case .redacted:
      buffer.append(mark, depth, label, Redaction.placeholder)
    case .text(let text):
      buffer.append(mark, depth, label, "\"\"\"")
      for line in StringLiteral.blockLines(text) { buffer.append(mark, depth + 1, "", line) }
      buffer.append(mark, depth + 1, "", "\"\"\"")
    case .structure(let name, let fields, let object):
      if let object {
        let key = ObjectKey(side: mark, object: object)
        if let number = backReference(key) {
          buffer.append(mark, depth, label, "\(name)(↩︎ #\(number))")
          return
        }
        register(key, serial: buffer.append(mark, depth, label, "\(name)("))
      } else {
        buffer.append(mark, depth, label, "\(name)(")
      }
      writeFields(fields, depth: depth + 1, mark: mark)
      buffer.append(mark, depth, "", ")")
    case .enumCase(let name, let caseName, let payload):
      buffer.append(mark, depth, label, Self.caseText(name, caseName, root: root) + "(")
      writeFields(payload, depth: depth + 1, mark: mark)
      buffer.append(mark, depth, "", ")")
    case .tuple(let fields):
      buffer.append(mark, depth, label, "(")
      writeFields(fields, depth: depth + 1, mark: mark)
      buffer.append(mark, depth, "", ")")
    case .sequence(let name, let elements):
      let brackets = Self.brackets(name: name)
      buffer.append(mark, depth, label, brackets.open)
      var separator = ElementSeparator()
      for index in 0..<elements.count {
        separator.next(&buffer)
        write(elements.element(at: index), label: "", depth: depth + 1, mark: mark, root: false)
      }
      buffer.append(mark, depth, "", brackets.close)
    case .keyed(let name, let content):
      let brackets = Self.brackets(name: content.isSet ? (name ?? "Set") : name)
      buffer.append(mark, depth, label, brackets.open)
      var separator = ElementSeparator()
      for entry in content.orderedEntries(fallbackKey: Self.sortKey) {
        separator.next(&buffer)
        let entryLabel = content.isSet ? "" : keyLabel(entry.key)
        write(entry.value, label: entryLabel, depth: depth + 1, mark: mark, root: false)
      }
      buffer.append(mark, depth, "", brackets.close)
    }
  }

  private func writeFields(_ fields: [ValueField], depth: Int, mark: LineMark) {
    var separator = ElementSeparator()
    for field in fields {
      separator.next(&buffer)
      write(field.value, label: Self.fieldLabel(field.label), depth: depth, mark: mark, root: false)
    }
  }

  /// Dictionary keys are nearly always scalars; anything larger is folded onto one line.
  func keyLabel(_ key: Any) -> String {
    if let inline = inlineText(classifier.shape(of: key), root: false, width: .max) { return inline + ": " }
    return Self.foldedText(of: key) + ": "
  }

  func backReference(_ key: AnyHashable) -> Int? {
    guard var record = objects[key] else { return nil }
    let number = record.number ?? nextObjectNumber
    if record.number == nil {
      nextObjectNumber += 1
      record.number = number
      objects[key] = record
      buffer.anchor(serial: record.serial, number: number)
    }
    return number
  }

  func register(_ key: AnyHashable, serial: Int) {
    objects[key] = ObjectRecord(serial: serial, number: nil)
  }

  func forget(_ key: AnyHashable) {
    objects[key] = nil
  }

  private func backReference(_ key: ObjectKey) -> Int? {
    backReference(AnyHashable(key))
  }

  private func register(_ key: ObjectKey, serial: Int) {
    register(AnyHashable(key), serial: serial)
  }

  static func caseText(_ typeName: String, _ caseName: String, root: Bool) -> String {
    root ? "\(typeName).\(caseName)" : ".\(caseName)"
  }

  static func fieldLabel(_ label: String?) -> String {
    label.map { "\($0): " } ?? ""
  }

  static func brackets(name: String?) -> (open: String, close: String) {
    name.map { ("\($0)([", "])") } ?? ("[", "]")
  }

  /// Full multi-line text of a value, used to order and compare values that have no `<`/`==`.
  static func sortKey(_ value: Any) -> String {
    let dumper = ValueDumper()
    dumper.write(value, label: "", depth: 0, mark: .context, root: false)
    return dumper.buffer.render(showingMarks: false, maxLines: .max)
  }

  static func foldedText(of value: Any) -> String {
    let dumper = ValueDumper()
    dumper.write(value, label: "", depth: 0, mark: .context, root: false)
    var text = ""
    for line in dumper.buffer.lines {
      if text.hasSuffix(",") { text += " " }
      text += line.label + line.text
    }
    return text
  }
}
