import Foundation

/// What the figures were measured on: they mean little without it.
struct Machine: Encodable {
  let processors: Int
  let cpu: String
  let swift: String
  let system: String

  static func current() -> Machine {
    Machine(
      processors: ProcessInfo.processInfo.activeProcessorCount,
      cpu: cpuModel() ?? "unknown",
      swift: swiftVersion(),
      system: ProcessInfo.processInfo.operatingSystemVersionString
    )
  }

  func header(settings: Settings, command: String) -> String {
    """
    Actuate benchmarks (\(settings.mode); \(settings.warmUps) warm-up, median of \(settings.runs) run\(settings.runs == 1 ? "" : "s") per side)
    machine: \(processors) processors, \(cpu)
    swift:   \(swift)
    system:  \(system)
    command: \(command)
    """
  }

  private static func cpuModel() -> String? {
    guard let info = ProcFile.read("/proc/cpuinfo") else { return nil }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
      return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
    }
    return nil
  }

  /// The toolchain on the path, which is the one `swift run` built with; the compiler check is the fallback.
  private static func swiftVersion() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    if (try? process.run()) != nil {
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      if let line = String(decoding: output, as: UTF8.self).split(separator: "\n").first, line.contains("Swift") {
        return String(line)
      }
    }
    #if compiler(>=6.3)
    return "compiler ≥ 6.3"
    #else
    return "compiler < 6.3"
    #endif
  }
}
