extension StoreActor {
  /// Tells a recording session an element a hook took from a sequence outside the store; tells a replay
  /// that a hook took one the session does not have. Elements of the store's own values are made again by
  /// the code, so neither hears of them.
  ///
  /// The element is encoded here, on the store, since a sequence's elements need not be `Sendable`.
  func sessionTook<Element>(_ element: Element, by record: HookRecord<I>) {
    guard record.child == nil, !record.takesStoreValues,
      let role = SessionRegistry.role(of: record.owner)
    else { return }
    switch role {
    case .recording(let recorder):
      recorder.took(describe(record.hook), task: record.number, element: EncodedValue(element))
    case .replaying(let replayer):
      replayer.tookUnrecorded(describe(record.hook), element: String(reflecting: Element.self))
    }
  }

  /// The elements a replay feeds the hook of `record` from its session, in place of its sequence; `nil`
  /// unless this store replays a session that holds elements of that hook.
  func replayedElements<Element>(of record: HookRecord<I>, as _: Element.Type) -> ReplayedHookElements<Element>? {
    guard record.child == nil, case .replaying(let replayer)? = SessionRegistry.role(of: record.owner) else {
      return nil
    }
    let hook = describe(record.hook)
    guard replayer.feeds(hook) else { return nil }
    return ReplayedHookElements(hook: hook, replayer: replayer)
  }
}

/// A value encoded for a session where it was taken: its JSON, or why it has none.
package enum EncodedValue: Sendable {
  case json(String)
  /// Its type, which is not `Codable`.
  case notCodable(type: String)
  /// Its type, and the error encoding it threw.
  case failed(type: String, error: String)

  init(_ value: Any) {
    do {
      if let json = try SessionCoding.json(value) {
        self = .json(json)
      } else {
        self = .notCodable(type: String(reflecting: Swift.type(of: value)))
      }
    } catch {
      self = .failed(type: String(reflecting: Swift.type(of: value)), error: String(describing: error))
    }
  }
}

/// The elements of one hook, read back from a session in the order the recording took them.
struct ReplayedHookElements<Element> {
  let hook: String
  let replayer: any DependencyReplaying

  /// The next element, once the replay reaches its line; `nil` when the replay is over, or when the
  /// element no longer decodes (which the replay reports, naming the line).
  func next() async -> Element? {
    guard let (json, line) = await replayer.nextElement(of: hook) else { return nil }
    do {
      return try SessionCoding.decode(Element.self, from: json)
    } catch {
      replayer.failed(
        at: line,
        SessionCoding.decodingFailure(of: "the element of hook \(hook)", as: Element.self, from: json, error: error))
      return nil
    }
  }
}
