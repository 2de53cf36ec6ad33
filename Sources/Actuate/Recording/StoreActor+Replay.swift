extension StoreActor {
  /// Sends an action as the code outside the store sent it in a recorded session: the recording has the
  /// interactor's `Action`, which a public action was already mapped to.
  package nonisolated func sendAsRecorded(_ action: I.Action) -> ActionTask {
    sendFromOutside(action)
  }
}
