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

  /// `2026-11-23T12:00:01.204113+01:00`: ISO 8601 with the date, microseconds and the UTC offset, in local
  /// time or (ending in `Z`) UTC, so that an entry read days later, or next to another machine's, is placed.
  func iso8601(utc: Bool) -> String {
    var time = time_t(seconds)
    var parts = tm()
    if utc { gmtime_r(&time, &parts) } else { localtime_r(&time, &parts) }
    let date =
      "\(Self.pad(Int(parts.tm_year) + 1900, 4))-\(Self.pad(Int(parts.tm_mon) + 1, 2))-\(Self.pad(Int(parts.tm_mday), 2))"
    let clock = "\(Self.pad(Int(parts.tm_hour), 2)):\(Self.pad(Int(parts.tm_min), 2)):\(Self.pad(Int(parts.tm_sec), 2))"
    return
      "\(date)T\(clock).\(Self.pad(nanoseconds / 1_000, 6))\(utc ? "Z" : Self.offset(seconds: Int(parts.tm_gmtoff)))"
  }

  /// `+01:00`, `-05:30`, `+00:00`.
  private static func offset(seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    return (seconds < 0 ? "-" : "+") + "\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
