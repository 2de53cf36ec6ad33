#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where a test asserted something: the failure is reported there. Internal: each TestStore method takes
/// the caller's `fileID`, `filePath`, `line` and `column` as defaults, and builds one.
struct TestLocation: Sendable {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Reports TestStore failures to Swift Testing inside a Swift Testing test, and to XCTest otherwise.
package enum IssueReporter {
  /// Takes failures instead of the test frameworks, for the tasks inside `withValue`: the TestStore's own
  /// tests assert the text of the failures they provoke.
  @TaskLocal package static var capture: (@Sendable (String) -> Void)?

  package enum Destination: Equatable {
    case swiftTesting, xcTest, standardOutput
  }

  /// Where a failure reported now would go.
  package static var destination: Destination {
    #if canImport(Testing)
    if Test.current != nil { return .swiftTesting }
    #endif
    #if canImport(XCTest)
    return .xcTest
    #else
    return .standardOutput
    #endif
  }

  #if canImport(Testing)
  /// Reports a failure at a Swift Testing source location: a test's own, which a trait has.
  static func fail(_ message: String, at location: SourceLocation) {
    if let capture { return capture(message) }
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  }
  #endif

  static func fail(_ message: String, at location: TestLocation) {
    FailureCount.current?.add()
    if let capture {
      capture(message)
      return
    }
    #if canImport(Testing)
    if destination == .swiftTesting {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
          column: Int(location.column)))
      return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: location.filePath, line: location.line)
    #else
    print("Actuate TestStore failure at \(location.fileID):\(location.line): \(message)")
    #endif
  }
}
