import Foundation

/// One thing to do.
struct Todo: Equatable, Sendable, Identifiable {
  let id: UUID
  var title: String
  var isDone = false
}
