/// A scenario whose work came out wrong: its figures mean nothing, and the run fails even in quick mode.
struct CheckFailure: Error, CustomStringConvertible {
  let description: String
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw CheckFailure(description: message()) }
}
