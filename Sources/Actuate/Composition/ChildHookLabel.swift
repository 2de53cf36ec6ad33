/// Recognises the name a root gives a hook of one of its children (`TodoInteractor[id: 3] hook .saves`),
/// so a test can name the hook by its value and its interactor's type.
package struct ChildHookLabel: Sendable {
  private let type: String
  private let suffix: String

  package init<C: Interactor>(hook: C.Hook, of interactor: C.Type) {
    type = "\(C.self)"
    suffix = " hook \(describe(hook))"
  }

  /// Whether `label` names this hook of a child of this type, at any depth.
  package func matches(_ label: String) -> Bool {
    guard label.hasSuffix(suffix) else { return false }
    let name = label.dropLast(suffix.count)
    if name == type[...] || name.hasSuffix(" " + type) { return true }
    // A `forEach` child: `…TodoInteractor[id: 3]`, its name last, after its parents' names if any.
    guard name.hasSuffix("]") else { return false }
    let marker = type + "[id: "
    var start = name.endIndex
    while start > name.startIndex {
      start = name.index(before: start)
      if name[start...].hasPrefix(marker) { return start == name.startIndex || name[name.index(before: start)] == " " }
    }
    return false
  }
}
