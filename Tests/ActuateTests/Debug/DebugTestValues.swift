/// A linked node a test can close into a cycle: the dump and diff tests show how a cycle prints.
final class Node {
  var name: String
  var next: Node?
  init(name: String, next: Node? = nil) {
    self.name = name
    self.next = next
  }
}

/// An owner the dump and diff tests print: its type's name shows in their output.
struct Owner: Hashable {
  var name: String
  var age: Int
}
