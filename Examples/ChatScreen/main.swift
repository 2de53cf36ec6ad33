import Foundation
import Actuate

// Usage: swift run --package-path Examples chatscreen
// A scripted session: each event reaches the store, the view model catches up, and the screen redraws
// only if what it shows changed. Saving the draft changes the state but not the screen.
guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
  print("chatscreen needs Observation: macOS 14 or later")
  exit(1)
}

let model = StoreModel(initialState: .init(), interactor: RoomInteractor())
let screen = ChatScreen(model: model)
screen.redrawIfStale()

let script: [RoomInteractor.Action] = [
  .received(author: "ada", text: "Are we still on for tonight?"),
  .draftChanged("Y"), .draftChanged("Yes"), .saveDraft, .draftChanged("Yes!"),
  .typing("ada"), .sendTapped, .saveDraft,
  .received(author: "ada", text: "Great, see you at 8"),
]
for action in script {
  await model.sendAndWait(action)
  let before = screen.frames
  screen.redrawIfStale()
  if screen.frames == before { print("(\(action): nothing on screen changed, no redraw)") }
}
print("\(script.count) events, \(screen.frames) frames")
