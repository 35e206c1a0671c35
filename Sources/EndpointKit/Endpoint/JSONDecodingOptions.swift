import Foundation

/// How an endpoint's JSON answer is decoded: the strategies of a `JSONDecoder`, as a value.
///
/// The seed's `dateFormatter` becomes ``dateDecodingStrategy``; ``dateFormat(_:timeZone:)``
/// builds one from a format string.
///
/// ```swift
/// var options = JSONDecodingOptions()
/// options.dateDecodingStrategy = .iso8601
/// options.keyDecodingStrategy = .convertFromSnakeCase
/// ```
public struct JSONDecodingOptions: Sendable {
    /// How dates are read. Default `.deferredToDate`, as `JSONDecoder`.
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy
    /// How keys are mapped. Default `.useDefaultKeys`.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy
    /// How `Data` is read. Default `.base64`.
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy
    /// How non-conforming floats (`"NaN"`) are read. Default `.throw`.
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy

    /// Options with the given strategies; by default those of a new `JSONDecoder`.
    public init(
        dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate,
        keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64,
        nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    ) {
        self.dateDecodingStrategy = dateDecodingStrategy
        self.keyDecodingStrategy = keyDecodingStrategy
        self.dataDecodingStrategy = dataDecodingStrategy
        self.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
    }

    /// A strategy that reads dates with a format string, in the POSIX locale and the given time zone
    /// (UTC by default): the seed's `DateFormatter`.
    public static func dateFormat(_ format: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!)
        -> JSONDecoder.DateDecodingStrategy
    {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return .formatted(formatter)
    }

    /// A decoder with these strategies.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dateDecodingStrategy
        decoder.keyDecodingStrategy = keyDecodingStrategy
        decoder.dataDecodingStrategy = dataDecodingStrategy
        decoder.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        return decoder
    }
}
