/// Structural diff of two values. Work is proportional to what changed plus one pass over
/// what did not: every subtree whose type is `Equatable` is first compared with `==`, and an
/// equal subtree is printed only in its collapsed one-line form.
final class ValueDiffer {
  let dumper = ValueDumper()
  private var unchangedPairs: Set<InstancePair> = []

  private struct InstancePair: Hashable {
    var old: ObjectIdentifier
    var new: ObjectIdentifier
  }

  private enum Outcome {
    case changed
    case unchanged
    /// A pair of instances already being (or already) diffed higher up; printing it again
    /// would never terminate on cycles.
    case backReference(String)
  }

  /// Writes the diff of `old` and `new` and returns whether anything differs. When nothing
  /// does, only the collapsed form is written (or nothing, if `collapse` is false).
  @discardableResult
  func diff(_ old: Any, _ new: Any, label: String, depth: Int, root: Bool, collapse: Bool) -> Bool {
    let start = dumper.buffer.count
    if EquatableValues.areEqual(old, new) != true {
      switch compare(old, new, label: label, depth: depth, root: root) {
      case .changed:
        return true
      case .unchanged:
        dumper.buffer.truncate(to: start)
      case .backReference(let marker):
        dumper.buffer.truncate(to: start)
        if collapse { dumper.buffer.append(.context, depth, label, marker) }
        return false
      }
    }
    if collapse {
      let width = ValueDumper.width(depth: depth, label: label)
      let text = dumper.collapsedText(dumper.classifier.shape(of: new), root: root, width: width)
      dumper.buffer.append(.context, depth, label, text)
    }
    return false
  }

  private func compare(_ old: Any, _ new: Any, label: String, depth: Int, root: Bool) -> Outcome {
    let oldValue = ValueClassifier.unwrapped(old)
    let newValue = ValueClassifier.unwrapped(new)
    guard let oldValue, let newValue else {
      if oldValue == nil, newValue == nil { return .unchanged }
      return replace(old, new, label: label, depth: depth, root: root)
    }
    guard type(of: oldValue) == type(of: newValue) else {
      return replace(oldValue, newValue, label: label, depth: depth, root: root)
    }
    let oldShape = dumper.classifier.shape(of: oldValue)
    let newShape = dumper.classifier.shape(of: newValue)
    func replaceShapes() -> Outcome {
      dumper.write(shape: oldShape, label: label, depth: depth, mark: .removed, root: root)
      dumper.write(shape: newShape, label: label, depth: depth, mark: .added, root: root)
      return .changed
    }
    switch (oldShape, newShape) {
    case (.scalar(let lhs), .scalar(let rhs)):
      return lhs == rhs ? .unchanged : replaceShapes()

    case (.redacted, .redacted):
      // Either value may be the secret: the change is told by comparing them, and shown by their place alone.
      return Redaction.areEqual(oldValue, newValue) ? .unchanged : replaceShapes()

    case (.text(let lhs), .text(let rhs)):
      if lhs == rhs { return .unchanged }
      guard StringLiteral.isMultiline(lhs) || StringLiteral.isMultiline(rhs) else { return replaceShapes() }
      diffText(lhs, rhs, label: label, depth: depth)
      return .changed

    case (.structure(let name, let lhs, let oldObject), .structure(_, let rhs, let newObject)):
      guard Self.sameLabels(lhs, rhs) else { return replaceShapes() }
      guard let oldObject, let newObject else {
        return diffFields(lhs, rhs, open: name + "(", close: ")", label: label, depth: depth)
      }
      if oldObject == newObject { return .unchanged }
      let pair = InstancePair(old: oldObject, new: newObject)
      if unchangedPairs.contains(pair) { return .unchanged }
      if let number = dumper.backReference(AnyHashable(pair)) { return .backReference("\(name)(↩︎ #\(number))") }
      dumper.register(AnyHashable(pair), serial: dumper.buffer.append(.context, depth, label, name + "("))
      let changed = diffFieldList(lhs, rhs, depth: depth + 1)
      dumper.buffer.append(.context, depth, "", ")")
      if !changed {
        dumper.forget(AnyHashable(pair))
        unchangedPairs.insert(pair)
      }
      return changed ? .changed : .unchanged

    case (.enumCase(let name, let oldCase, let lhs), .enumCase(_, let newCase, let rhs)):
      guard oldCase == newCase else { return replaceShapes() }
      if lhs.isEmpty, rhs.isEmpty { return .unchanged }
      if let outcome = compareInline(oldShape, newShape, label: label, depth: depth, root: root) { return outcome }
      guard Self.sameLabels(lhs, rhs) else { return replaceShapes() }
      let open = ValueDumper.caseText(name, oldCase, root: root) + "("
      return diffFields(lhs, rhs, open: open, close: ")", label: label, depth: depth)

    case (.tuple(let lhs), .tuple(let rhs)):
      if let outcome = compareInline(oldShape, newShape, label: label, depth: depth, root: root) { return outcome }
      guard Self.sameLabels(lhs, rhs) else { return replaceShapes() }
      return diffFields(lhs, rhs, open: "(", close: ")", label: label, depth: depth)

    case (.sequence(let name, let lhs), .sequence(_, let rhs)):
      if lhs.count == 0, rhs.count == 0 { return .unchanged }
      return diffSequence(lhs, rhs, brackets: ValueDumper.brackets(name: name), label: label, depth: depth)

    case (.keyed(let name, let lhs), .keyed(_, let rhs)):
      guard let steps = lhs.steps(against: rhs, fallbackKey: ValueDumper.sortKey) else { return replaceShapes() }
      let brackets = ValueDumper.brackets(name: lhs.isSet ? (name ?? "Set") : name)
      return diffKeyed(steps, isSet: lhs.isSet, brackets: brackets, label: label, depth: depth)

    default:
      return replaceShapes()
    }
  }

  /// Payloads that both fit on one line are shown as a `-` line and a `+` line, which read at a glance; a
  /// longer one is diffed field by field like a struct, down to the change, or `nil` is returned to say so.
  private func compareInline(
    _ oldShape: ValueShape, _ newShape: ValueShape, label: String, depth: Int, root: Bool
  ) -> Outcome? {
    let width = ValueDumper.width(depth: depth, label: label)
    guard let oldText = dumper.inlineText(oldShape, root: root, width: width),
      let newText = dumper.inlineText(newShape, root: root, width: width)
    else { return nil }
    if oldText == newText { return .unchanged }
    dumper.buffer.append(.removed, depth, label, oldText)
    dumper.buffer.append(.added, depth, label, newText)
    return .changed
  }

  private func replace(_ old: Any, _ new: Any, label: String, depth: Int, root: Bool) -> Outcome {
    dumper.write(old, label: label, depth: depth, mark: .removed, root: root)
    dumper.write(new, label: label, depth: depth, mark: .added, root: root)
    return .changed
  }

  private static func sameLabels(_ lhs: [ValueField], _ rhs: [ValueField]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.label == $1.label }
  }

  private func diffFields(
    _ lhs: [ValueField], _ rhs: [ValueField], open: String, close: String, label: String, depth: Int
  ) -> Outcome {
    dumper.buffer.append(.context, depth, label, open)
    let changed = diffFieldList(lhs, rhs, depth: depth + 1)
    dumper.buffer.append(.context, depth, "", close)
    return changed ? .changed : .unchanged
  }

  private func diffFieldList(_ lhs: [ValueField], _ rhs: [ValueField], depth: Int) -> Bool {
    var separator = ElementSeparator()
    var changed = false
    for (old, new) in zip(lhs, rhs) {
      separator.next(&dumper.buffer)
      let fieldLabel = ValueDumper.fieldLabel(old.label)
      if diff(old.value, new.value, label: fieldLabel, depth: depth, root: false, collapse: true) {
        changed = true
      }
    }
    return changed
  }

  private func diffText(_ old: String, _ new: String, label: String, depth: Int) {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    let steps = SequenceAlignment.align(
      oldCount: oldLines.count, newCount: newLines.count, equal: { oldLines[$0] == newLines[$1] },
      pairGaps: false
    )
    let emitLine = { (mark: LineMark, line: Substring) in
      _ = self.dumper.buffer.append(mark, depth + 1, "", StringLiteral.blockLine(String(line)))
    }
    dumper.buffer.append(.context, depth, label, "\"\"\"")
    for step in steps {
      switch step {
      case .unchanged(let oldStart, _, let count):
        for index in oldStart..<(oldStart + count) { emitLine(.context, oldLines[index]) }
      case .paired(let oldIndex, let newIndex):
        emitLine(.removed, oldLines[oldIndex])
        emitLine(.added, newLines[newIndex])
      case .removed(let index):
        emitLine(.removed, oldLines[index])
      case .inserted(let index):
        emitLine(.added, newLines[index])
      }
    }
    dumper.buffer.append(.context, depth + 1, "", "\"\"\"")
  }

  private func diffSequence(
    _ old: any ElementStorage, _ new: any ElementStorage, brackets: (open: String, close: String),
    label: String, depth: Int
  ) -> Outcome {
    let equal = old.equality(with: new) ?? Self.erasedEquality(old, new)
    let steps = SequenceAlignment.align(
      oldCount: old.count, newCount: new.count, equal: equal,
      identities: { oldRange, newRange in
        guard let oldIDs = old.identities(in: oldRange), let newIDs = new.identities(in: newRange) else {
          return nil
        }
        return (oldIDs, newIDs)
      }
    )
    dumper.buffer.append(.context, depth, label, brackets.open)
    var runs = UnchangedRuns(depth: depth + 1)
    var changed = false
    for step in steps {
      switch step {
      case .unchanged(_, _, let count):
        runs.pending += count
      case .paired(let oldIndex, let newIndex):
        if equal(oldIndex, newIndex) {
          runs.pending += 1
          continue
        }
        changed =
          runs.emit(into: dumper) {
            self.diff(
              old.element(at: oldIndex), new.element(at: newIndex),
              label: "", depth: depth + 1, root: false, collapse: false)
          } || changed
      case .removed(let index):
        changed =
          runs.emit(into: dumper) {
            self.dumper.write(old.element(at: index), label: "", depth: depth + 1, mark: .removed, root: false)
            return true
          } || changed
      case .inserted(let index):
        changed =
          runs.emit(into: dumper) {
            self.dumper.write(new.element(at: index), label: "", depth: depth + 1, mark: .added, root: false)
            return true
          } || changed
      }
    }
    runs.flush(into: dumper)
    dumper.buffer.append(.context, depth, "", brackets.close)
    return changed ? .changed : .unchanged
  }

  private func diffKeyed(
    _ steps: [KeyedStep], isSet: Bool, brackets: (open: String, close: String), label: String, depth: Int
  ) -> Outcome {
    dumper.buffer.append(.context, depth, label, brackets.open)
    var runs = UnchangedRuns(depth: depth + 1)
    var changed = false
    for step in steps {
      switch step {
      case .unchanged(let count):
        runs.pending += count
      case .changed(let key, let old, let new):
        changed =
          runs.emit(into: dumper) {
            self.diff(old, new, label: self.dumper.keyLabel(key), depth: depth + 1, root: false, collapse: false)
          } || changed
      case .removed(let key, let value):
        changed =
          runs.emit(into: dumper) {
            let entryLabel = isSet ? "" : self.dumper.keyLabel(key)
            self.dumper.write(value, label: entryLabel, depth: depth + 1, mark: .removed, root: false)
            return true
          } || changed
      case .added(let key, let value):
        changed =
          runs.emit(into: dumper) {
            let entryLabel = isSet ? "" : self.dumper.keyLabel(key)
            self.dumper.write(value, label: entryLabel, depth: depth + 1, mark: .added, root: false)
            return true
          } || changed
      }
    }
    runs.flush(into: dumper)
    dumper.buffer.append(.context, depth, "", brackets.close)
    return changed ? .changed : .unchanged
  }

  /// Equality for elements whose static type is erased or not `Equatable`: `==` when the
  /// dynamic type allows it, otherwise a field-by-field comparison through reflection.
  private static func erasedEquality(_ old: any ElementStorage, _ new: any ElementStorage) -> (Int, Int) -> Bool {
    let comparer = ReflectiveComparer()
    return { comparer.equality.areEqual(old.element(at: $0), new.element(at: $1)) }
  }
}

private final class ReflectiveComparer {
  var equality = ReflectiveEquality()
}
