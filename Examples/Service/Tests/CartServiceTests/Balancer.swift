import Foundation

#if canImport(Glibc)
import Glibc

private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
import Darwin

private let streamSocket = SOCK_STREAM
#endif

/// nginx in front of service processes, as Scripts/balancer.sh starts it: hashing each request's cart id
/// onto one of them.
struct Balancer: Sendable {
  let port: Int
  let folder: URL

  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scripts/balancer.sh")

  /// Whether nginx is installed: the test that needs it is skipped without it.
  static var isInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx")
  }

  /// Starts nginx in front of `servers`, listening on a port that was free a moment ago.
  static func start(in folder: URL, servers: [Int]) async throws -> Balancer {
    let port = try freePort()
    let balancer = Balancer(port: port, folder: folder.appendingPathComponent("nginx"))
    try await balancer.run(["start", "\(port)"] + servers.map(String.init))
    return balancer
  }

  func stop() async throws {
    try await run(["stop"])
  }

  /// Runs the script, awaiting its end through its termination handler: `waitUntilExit()` can miss the end
  /// of a process when called from a task.
  private func run(_ arguments: [String]) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [Self.script.path] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["ACTUATE_NGINX_DIR": folder.path]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    let (ended, end) = AsyncStream<Int32>.makeStream()
    process.terminationHandler = { process in
      end.yield(process.terminationStatus)
      end.finish()
    }
    try process.run()
    var status: Int32 = -1
    for await exit in ended { status = exit }
    guard status == 0 else {
      throw ServiceProcess.Failure(description: "balancer.sh \(arguments.joined(separator: " ")) failed")
    }
  }

  /// A port no one listens on: the system's pick for a socket bound to port 0, closed again.
  private static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, streamSocket, 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
      }
    }
    guard bound else { throw ServiceProcess.Failure(description: "no free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
