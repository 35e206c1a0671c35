import Foundation

/// How an encoder renders a ``ParamValue/date(_:)`` node.
///
/// The default, ``iso8601``, writes `2019-03-14T15:09:26Z` (UTC, whole seconds), which is what most
/// web APIs expect. Pick another style per encoder: ``QueryEncoder/dateStyle`` or
/// ``JSONBodyParameters/dateStyle``.
public struct DateEncodingStyle: Sendable {
    enum Storage: Sendable {
        case iso8601(fractionalSeconds: Bool)
        case secondsSince1970
        case millisecondsSince1970
        case custom(@Sendable (Date) -> ParamValue)
    }

    let storage: Storage

    /// ISO 8601 in UTC without fractional seconds, such as `2019-03-14T15:09:26Z`.
    public static let iso8601 = DateEncodingStyle(storage: .iso8601(fractionalSeconds: false))
    /// ISO 8601 in UTC with milliseconds, such as `2019-03-14T15:09:26.535Z`.
    public static let iso8601WithFractionalSeconds = DateEncodingStyle(storage: .iso8601(fractionalSeconds: true))
    /// Whole or fractional seconds since 1 January 1970 UTC, as a number.
    public static let secondsSince1970 = DateEncodingStyle(storage: .secondsSince1970)
    /// Whole milliseconds since 1 January 1970 UTC, as an integer.
    public static let millisecondsSince1970 = DateEncodingStyle(storage: .millisecondsSince1970)

    /// Renders each date with your closure, for example with a `DateFormatter` of the server's format.
    ///
    /// The closure may return any node but a date (a returned date is rendered as ISO 8601).
    public static func custom(_ render: @escaping @Sendable (Date) -> ParamValue) -> DateEncodingStyle {
        DateEncodingStyle(storage: .custom(render))
    }

    /// Renders the date with a date format string such as `"yyyy-MM-dd"`, in the given time zone
    /// (UTC by default) and the POSIX locale.
    public static func formatted(_ format: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> DateEncodingStyle {
        let formatter = LockedDateFormatter(format: format, timeZone: timeZone)
        return .custom { .string(formatter.string(from: $0)) }
    }

    /// The node that stands for `date` in this style; never a ``ParamValue/date(_:)``.
    func render(_ date: Date) -> ParamValue {
        switch storage {
        case .iso8601(let fractional):
            return .string(
                fractional
                    ? date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
                    : date.formatted(Date.ISO8601FormatStyle()))
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            if seconds.rounded() == seconds, let whole = Int64(exactly: seconds) { return .integer(whole) }
            return .double(seconds)
        case .millisecondsSince1970:
            return .integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        case .custom(let render):
            let rendered = render(date)
            if case .date(let inner) = rendered { return DateEncodingStyle.iso8601.render(inner) }
            return rendered
        }
    }
}

/// A `DateFormatter` guarded by a lock: formatters are not safe to share between threads.
final class LockedDateFormatter: @unchecked Sendable {
    private let formatter: DateFormatter
    private let lock = NSLock()

    init(format: String, timeZone: TimeZone) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
    }

    func string(from date: Date) -> String {
        lock.lock()
        defer { lock.unlock() }
        return formatter.string(from: date)
    }
}
