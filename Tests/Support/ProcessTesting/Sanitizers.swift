#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the test process runs under a sanitizer (`swift test --sanitize=thread|address`),
/// found by the sanitizer runtime's symbols.
///
/// ThreadSanitizer makes code 5–20× slower and keeps shadow memory; AddressSanitizer about 2–3×
/// and its own heap. Time bounds scale by ``slowdown``; peak-memory bounds mean nothing there, so
/// tests that measure memory only run without a sanitizer.
public enum Sanitizers {
    /// ThreadSanitizer is linked in.
    public static let thread = linked("__tsan_init")
    /// AddressSanitizer (with LeakSanitizer on Linux) is linked in.
    public static let address = linked("__asan_init")
    /// Either.
    public static var any: Bool { thread || address }
    /// How much longer a time bound may be: 20 under ThreadSanitizer, 4 under AddressSanitizer, 1
    /// without.
    public static let slowdown: Double = thread ? 20 : address ? 4 : 1

    private static func linked(_ symbol: String) -> Bool {
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(program) }
        return dlsym(program, symbol) != nil
    }
}

extension Duration {
    /// The bound, scaled for the sanitizer the tests run under.
    public var underSanitizers: Duration { self * Sanitizers.slowdown }
}
