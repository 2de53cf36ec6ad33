/// Which side of a diff a line belongs to; plain dumps use `.context` throughout.
enum LineMark {
  case context
  case removed
  case added

  var showsInOld: Bool { self != .added }
  var showsInNew: Bool { self != .removed }
}

struct DumpLine {
  var mark: LineMark
  var depth: Int
  /// Kept apart from `text` so an instance number (`#1 `) can be inserted after the label
  /// once a later back-reference shows it is needed.
  var label: String
  var text: String
  var serial: Int
}

/// Output lines built in one pass. Lines carry serial numbers so they can be cut and
/// re-inserted (when an unchanged-run summary must precede a change) without losing the
/// instance-number patches that refer to them.
struct DumpLineBuffer {
  private(set) var lines: [DumpLine] = []
  /// Lines past this are only counted, which keeps a capped dump of a huge value cheap.
  let storageLimit: Int
  private(set) var count = 0
  private var nextSerial = 0
  private var anchors: [Int: Int] = [:]

  init(storageLimit: Int = .max) {
    self.storageLimit = storageLimit
  }

  @discardableResult
  mutating func append(_ mark: LineMark, _ depth: Int, _ label: String, _ text: String) -> Int {
    let serial = nextSerial
    nextSerial += 1
    count += 1
    if lines.count < storageLimit {
      lines.append(DumpLine(mark: mark, depth: depth, label: label, text: text, serial: serial))
    }
    return serial
  }

  mutating func truncate(to newCount: Int) {
    guard newCount < count else { return }
    count = newCount
    if lines.count > newCount { lines.removeSubrange(newCount...) }
  }

  mutating func cut(from start: Int) -> ArraySlice<DumpLine> {
    let removed = lines[min(start, lines.count)...]
    truncate(to: start)
    return removed
  }

  mutating func append(contentsOf cutLines: ArraySlice<DumpLine>) {
    for line in cutLines {
      count += 1
      if lines.count < storageLimit { lines.append(line) }
    }
  }

  mutating func anchor(serial: Int, number: Int) {
    anchors[serial] = number
  }

  /// Separates the element that began at `start` from the next one. The comma goes on the
  /// last line visible in the old value and the last visible in the new one, so each side
  /// still reads as well-formed on its own.
  mutating func appendComma(after start: Int) {
    guard count == lines.count, start < lines.count else { return }
    var needsOld = true
    var needsNew = true
    var index = lines.count - 1
    while index >= start, needsOld || needsNew {
      let mark = lines[index].mark
      if (needsOld && mark.showsInOld) || (needsNew && mark.showsInNew) {
        lines[index].text += ","
        if mark.showsInOld { needsOld = false }
        if mark.showsInNew { needsNew = false }
      }
      index -= 1
    }
  }

  func render(showingMarks: Bool, maxLines: Int) -> String {
    let limit = max(1, maxLines)
    let visible = count > limit ? limit - 1 : count
    // Built as bytes: a diff is rendered for every logged change, from many short pieces.
    var output = TextBuffer(capacity: visible * 32)
    for (offset, line) in lines.prefix(visible).enumerated() {
      if offset > 0 { output.append(byte: UInt8(ascii: "\n")) }
      let anchor = anchors.isEmpty ? nil : anchors[line.serial]
      let marker: UInt8 =
        switch line.mark {
        case .context: UInt8(ascii: " ")
        case .removed: UInt8(ascii: "-")
        case .added: UInt8(ascii: "+")
        }
      if line.label.isEmpty, anchor == nil, line.text.isEmpty {
        if showingMarks, line.mark != .context { output.append(byte: marker) }
        continue
      }
      if showingMarks {
        output.append(byte: marker)
        output.append(byte: UInt8(ascii: " "))
      }
      output.append(UInt8(ascii: " "), count: 2 * line.depth)
      output.append(line.label)
      if let anchor {
        output.append(byte: UInt8(ascii: "#"))
        output.append(anchor)
        output.append(byte: UInt8(ascii: " "))
      }
      output.append(line.text)
    }
    if count > visible {
      if visible > 0 { output.append(byte: UInt8(ascii: "\n")) }
      if showingMarks { output.append("  ") }
      output.append("… (\(GroupedCount.phrase(count - visible, "more line", "more lines")) not shown)")
    }
    return output.text
  }
}

/// Tracks the previous element of a list so it receives its separating comma only once the
/// next element is known to exist.
struct ElementSeparator {
  private var previousStart: Int?

  mutating func next(_ buffer: inout DumpLineBuffer) {
    if let previousStart { buffer.appendComma(after: previousStart) }
    previousStart = buffer.count
  }
}
