import Foundation

/// The built `cart-service` executable, run as a child process on a free port of 127.0.0.1.
final class ServiceProcess: Sendable {
  let port: Int
  /// What the service logged through swift-log.
  let standardError: URL
  private let process: Process
  private let exitStatus: AsyncStream<Int32>

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Starts the service with `arguments` (after `--port 0`) and returns once it listens. A service that has
  /// not said where it listens within 60 seconds is killed. It keeps its carts in memory unless `environment`
  /// gives it a `DATABASE_URL`: the tests' own is not passed on.
  static func start(
    _ arguments: [String], in folder: URL, environment: [String: String] = [:]
  ) async throws -> ServiceProcess {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("cart-service")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw Failure(description: "no \(executable.path): build the package first (swift build --build-tests)")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--port", "0"] + arguments
    var inherited = ProcessInfo.processInfo.environment
    inherited["DATABASE_URL"] = nil
    process.environment = inherited.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    // A file per process: two services started in one folder each keep what they said.
    let standardError = folder.appendingPathComponent("stderr-\(UUID().uuidString.prefix(8)).log")
    _ = FileManager.default.createFile(atPath: standardError.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: standardError)
    let (exitStatus, exited) = AsyncStream<Int32>.makeStream()
    process.terminationHandler = { process in
      exited.yield(process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus)
      exited.finish()
    }
    try process.run()
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
    let port: Int
    do {
      port = try await firstPort(in: output.fileHandleForReading)
    } catch let failure as Failure {
      let said = (try? String(contentsOf: standardError, encoding: .utf8)) ?? ""
      throw Failure(description: "\(failure.description)\nIts standard error:\n\(said)")
    }
    return ServiceProcess(port: port, standardError: standardError, process: process, exitStatus: exitStatus)
  }

  private init(port: Int, standardError: URL, process: Process, exitStatus: AsyncStream<Int32>) {
    self.port = port
    self.standardError = standardError
    self.process = process
    self.exitStatus = exitStatus
  }

  /// Reads the service's output until it says `listening on 127.0.0.1:PORT`, on a thread of its own, since
  /// reading a pipe blocks.
  private static func firstPort(in output: FileHandle) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        var text = ""
        while true {
          let data = output.availableData
          guard !data.isEmpty else {
            return continuation.resume(throwing: Failure(description: "the service ended before it listened: \(text)"))
          }
          text += String(decoding: data, as: UTF8.self)
          if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
            let port = line.split(separator: ":").last.flatMap({ Int($0) })
          {
            return continuation.resume(returning: port)
          }
        }
      }
    }
  }

  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// The exit status once the service has ended (a signal that ended it, negated). A service still running
  /// after `limit` is killed.
  func exit(within limit: Duration) async -> Int32? {
    let seconds = Double(limit.components.seconds)
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [process] in
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    for await status in exitStatus { return status }
    return nil
  }
}
