import Actuate
import Observation

/// Draws a room in the terminal from its view model, and draws it again only when what it shows changed.
///
/// `draw()` reads the model inside `withObservationTracking`, so Observation records exactly the parts the
/// frame used; a change to one of them marks the screen stale, and a change to anything else (the saved
/// draft) does not. The program calls `redrawIfStale()` when it has a moment, as a UI framework would on its
/// next frame.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class ChatScreen {
  let model: StoreModel<RoomInteractor>
  private let output: (String) -> Void
  private(set) var frames = 0
  private var isStale = true

  init(model: StoreModel<RoomInteractor>, output: @escaping (String) -> Void = { print($0) }) {
    self.model = model
    self.output = output
  }

  // Laid out as Docs/Views.md shows it, so swift format leaves it alone.
  // swift-format-ignore
  /// Draws a frame if something it shows has changed since the last one.
  func redrawIfStale() {
    guard isStale else { return }
    isStale = false
    // A view model changes only on the main actor, so Observation calls back there.
    let frame = withObservationTracking { render() } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.isStale = true }
    }
    frames += 1
    output(frame)
  }

  /// The frame: the last messages, who is typing, and the draft.
  private func render() -> String {
    var lines = ["┌─ room " + String(repeating: "─", count: 33)]
    for line in model.messages.suffix(5) { lines.append("│ \(line.author): \(line.text)") }
    if let author = model.typing { lines.append("│ \(author) is typing…") }
    lines.append("├" + String(repeating: "─", count: 40))
    lines.append("│ > \(model.draft)")
    lines.append("└" + String(repeating: "─", count: 40))
    return lines.joined(separator: "\n")
  }
}
