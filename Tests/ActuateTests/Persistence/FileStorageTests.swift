import Actuate
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The state file: its header, its mode, and what it refuses to read.
@Suite("Persistence: the state file")
struct FileStorageTests {
  @Test func theFileIsAHeaderLineThenTheState() async throws {
    let file = StatePath()
    defer { file.remove() }
    try await file.save(["milk"], version: 4)
    let text = String(decoding: try #require(file.bytes()), as: UTF8.self)
    #expect(text.hasPrefix("actuate-state format 1 version 4 bytes 8 fnv1a64 "))
    #expect(text.hasSuffix("\n[\"milk\"]"))
    #expect(try await FileStorage(file.url).load() == StoredState.notes(["milk"], version: 4))
  }

  @Test func noFileLoadsAsNothingSaved() async throws {
    let file = StatePath()
    defer { file.remove() }
    #expect(try await FileStorage(file.url).load() == nil)
  }

  @Test func aSaveIsTheOwnersAloneWhateverModeALeftoverTemporaryFileHad() async throws {
    let file = StatePath()
    defer { file.remove() }
    try Data("left by a crash".utf8).write(to: URL(fileURLWithPath: file.path + ".saving"))
    #expect(chmod(file.path + ".saving", 0o644) == 0)
    try await file.save(["milk"])
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(file.files == ["notes.state"])
  }

  @Test func aChangedByteIsTold() async throws {
    let file = StatePath()
    defer { file.remove() }
    try await file.save(["milk"])
    var bytes = try #require(file.bytes())
    bytes[bytes.count - 3] = UInt8(ascii: "x")
    try file.write(bytes)
    await #expect(throws: PersistenceError.unreadable("its state does not match the header's checksum")) {
      try await FileStorage(file.url).load()
    }
  }

  @Test func aFailedSaveKeepsWhatWasSaved() async throws {
    let file = StatePath()
    defer { file.remove() }
    try await file.save(["milk"])
    // The temporary file cannot be made where a folder of its name stands.
    try FileManager.default.createDirectory(atPath: file.path + ".saving", withIntermediateDirectories: false)
    await #expect(throws: PersistenceError.self) { try await file.save(["eggs"]) }
    #expect(try await file.savedNotes() == ["milk"])
  }
}
