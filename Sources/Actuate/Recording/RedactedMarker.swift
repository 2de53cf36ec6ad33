#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a session file holds in place of a ``DebugRedacted`` value, ``Redacted`` among them.
package enum RedactedMarker {
  package static let key = "actuateRedacted"

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  static func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(true, forKey: Key(stringValue: key))
  }

  /// Throws if `decoder` holds the marker: the value was never written, so a replay cannot have it.
  static func check(_ decoder: any Decoder) throws {
    guard let container = try? decoder.container(keyedBy: Key.self), container.contains(Key(stringValue: key))
    else { return }
    let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription:
          "the value at \(path.isEmpty ? "the top" : path) is Redacted, so the session holds a marker, not the value; a replay cannot reproduce it"
      ))
  }
}

extension RedactedMarker {
  /// Where `json` holds the marker, as dotted paths (`session.token`, `items[2]`); empty for none, or for
  /// text that is not JSON.
  static func paths(in json: String) -> [String] {
    guard json.contains(key) else { return [] }
    return (try? JSONDecoder().decode(Search.self, from: Data(json.utf8)).paths) ?? []
  }

  /// Walks any JSON value, collecting the paths of the markers it holds.
  private struct Search: Decodable {
    var paths: [String] = []

    init(from decoder: any Decoder) throws {
      if let object = try? decoder.container(keyedBy: Key.self) {
        if object.contains(Key(stringValue: RedactedMarker.key)) {
          paths = [Self.path(decoder.codingPath)]
          return
        }
        for field in object.allKeys { paths += try object.decode(Search.self, forKey: field).paths }
      } else if var array = try? decoder.unkeyedContainer() {
        while !array.isAtEnd { paths += try array.decode(Search.self).paths }
      }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
      keys.reduce(into: "") { path, key in
        if let index = key.intValue {
          path += "[\(index)]"
        } else {
          path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
    }
  }
}
