/// One line naming a value the way Swift code would: `.search("tabby")` for an enum case.
package func describe(_ value: Any) -> String {
  if value is String || value is Substring || value is Character { return String(reflecting: value) }
  let text = String(describing: value)
  if Mirror(reflecting: value).displayStyle == .enum, !text.hasPrefix(".") { return "." + text }
  return text
}
