import Foundation

/// An `InputStream` that reads a ``BodyStream`` pass by pulling its chunks on demand.
final class BodyInputStream: InputStream {
    private let stream: BodyStream
    private var source: (any BodyChunkSource)?
    private var pending: ArraySlice<UInt8> = []
    private var status: Stream.Status = .notOpen
    private var error: (any Error)?

    init(stream: BodyStream) {
        self.stream = stream
        super.init(data: Data())
    }

    override func open() {
        guard status == .notOpen else { return }
        do {
            source = try stream.makeChunkSource()
            status = .open
        } catch {
            fail(error)
        }
    }

    override func close() {
        source = nil
        pending = []
        status = .closed
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { error }

    override var hasBytesAvailable: Bool {
        status == .open || status == .reading
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard status == .open || status == .reading else { return status == .atEnd ? 0 : -1 }
        do {
            while pending.isEmpty {
                guard let chunk = try source?.nextChunk() else {
                    status = .atEnd
                    source = nil
                    return 0
                }
                pending = chunk
            }
            let count = min(length, pending.count)
            pending.withUnsafeBufferPointer { bytes in
                buffer.update(from: bytes.baseAddress!, count: count)
            }
            pending = pending.dropFirst(count)
            status = .open
            return count
        } catch {
            fail(error)
            return -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }


    private func fail(_ error: any Error) {
        self.error = error
        source = nil
        pending = []
        status = .error
    }
}
