#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a debug log's timestamps come from, and how they print: tests pin both.
struct DebugClock: Sendable {
  /// Read on the store as each event happens: one cheap system call.
  var now: @Sendable () -> WallTime
  /// Prints UTC instead of local time, so that a test's expectations do not depend on the machine's zone.
  var utc = false

  static let system = DebugClock(now: WallTime.now)

  /// Always `time`, printed in UTC.
  static func fixed(_ time: WallTime) -> DebugClock {
    DebugClock(now: { time }, utc: true)
  }
}

/// A moment on the wall clock, as seconds and nanoseconds since 1970.
struct WallTime: Sendable, Equatable {
  var seconds: Int
  var nanoseconds: Int

  @Sendable static func now() -> WallTime {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return WallTime(seconds: Int(spec.tv_sec), nanoseconds: Int(spec.tv_nsec))
  }

  /// `12:00:01.204`: hours, minutes, seconds and milliseconds, in local time or UTC.
  func text(utc: Bool) -> String {
    var time = time_t(seconds)
    var parts = tm()
    if utc { gmtime_r(&time, &parts) } else { localtime_r(&time, &parts) }
    return "\(Self.pad(Int(parts.tm_hour), 2)):\(Self.pad(Int(parts.tm_min), 2)):\(Self.pad(Int(parts.tm_sec), 2))"
      + ".\(Self.pad(nanoseconds / 1_000_000, 3))"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
