import Foundation

enum StandardOutput {
  /// Progress goes to standard error, so that standard output is the table alone.
  static func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
