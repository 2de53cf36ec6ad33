#if canImport(SwiftUI)
import Actuate
import SwiftUI

/// The same room in SwiftUI: each part of the body reads only what it shows, so typing redraws the field
/// and not the list, and a new message redraws the list and not the rows already there.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct RoomView: View {
  let model: StoreModel<RoomInteractor>

  var body: some View {
    VStack {
      List(model.messages) { line in
        MessageRow(model: model, id: line.id)
      }
      if let author = model.typing {
        Text("\(author) is typing…")
      }
      HStack {
        TextField("Message", text: model.binding(\.draft) { .draftChanged($0) })
        Button("Send") { model.send(.sendTapped, animation: .default) }
      }
    }
  }
}

/// One message, tracked by its id: a change to another message does not redraw it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct MessageRow: View {
  let model: StoreModel<RoomInteractor>
  let id: RoomInteractor.Line.ID

  var body: some View {
    if let line = model[\.messages, id: id] {
      Text("\(line.author): \(line.text)")
    }
  }
}
#endif
