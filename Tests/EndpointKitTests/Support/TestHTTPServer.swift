import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

@testable import EndpointKit

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for integration tests.
///
/// Each request is answered by the async `handler`; every request received is recorded, so a test
/// can count attempts on the server side. Bodies above `storedBodyLimit` bytes are counted, not kept.
final class TestHTTPServer: Sendable {
    struct ReceivedRequest: Sendable {
        var method: String
        var uri: String
        var headers: [(String, String)]
        var body: [UInt8]
        var bodyCount: Int

        var path: String { String(uri.prefix { $0 != "?" }) }
        var query: String? { uri.firstIndex(of: "?").map { String(uri[uri.index(after: $0)...]) } }
        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    struct Reply: Sendable {
        enum Body: Sendable {
            case bytes([UInt8])
            /// `count` bytes of a repeating pattern, in chunks, optionally slowly.
            case generated(count: Int, chunk: Int, delayPerChunk: Duration?)
            /// A body that goes wrong on the wire (the head announces `declaredLength` bytes).
            case fault(Fault, declaredLength: Int)
            /// `count` bytes made by `bytes(offset, length)`, written `chunk` at a time (`pace` apart
            /// when given); with `resetAfter`, the connection is reset (RST) once that many bytes
            /// are written.
            case produced(
                count: Int, chunk: Int, pace: Duration? = nil, resetAfter: Int?, bytes: @Sendable (_ offset: Int, _ length: Int) -> [UInt8])
        }

        /// How a body goes wrong.
        enum Fault: Sendable {
            /// Send `bytes` of the body, then reset the connection (RST).
            case resetAfter(bytes: Int)
            /// Send `bytes` of the body, then close the connection normally (FIN): a body shorter
            /// than its Content-Length.
            case closeAfter(bytes: Int)
            /// Send the body one byte at a time, `interval` apart.
            case drip(interval: Duration)
        }
        var status: Int
        var headers: [(String, String)]
        var body: Body

        static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Reply {
            Reply(status: status, headers: [("Content-Type", "application/json")] + headers, body: .bytes(Array(text.utf8)))
        }

        static func text(_ text: String, status: Int = 200, contentType: String = "text/plain", headers: [(String, String)] = []) -> Reply {
            Reply(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(Array(text.utf8)))
        }

        static func status(_ status: Int, headers: [(String, String)] = []) -> Reply {
            Reply(status: status, headers: headers, body: .bytes([]))
        }
    }

    typealias Handler = @Sendable (ReceivedRequest) async -> Reply

    let port: Int
    private let channel: any Channel
    private let group: MultiThreadedEventLoopGroup
    private let log: Locked<[ReceivedRequest]>
    private let replies: Replies

    /// The replies being written, so that ``stop()`` can end them while their event loop still runs
    /// (a write scheduled on a loop that has shut down is an error in NIO, and a crash to come).
    final class Replies: Sendable {
        private let tasks = Locked<(next: Int, running: [Int: Task<Void, Never>])>((0, [:]))

        /// Writes a reply in a task of its own, tracked until it ends.
        func start(_ write: @escaping @Sendable () async -> Void) {
            tasks.withLock { tasks in
                let id = tasks.next
                tasks.next += 1
                tasks.running[id] = Task {
                    await write()
                    self.tasks.withLock { _ = $0.running.removeValue(forKey: id) }
                }
            }
        }

        /// Cancels the replies still being written and waits for them, for at most `limit`.
        func end(within limit: Duration) async {
            let running = tasks.withLock { Array($0.running.values) }
            for task in running { task.cancel() }
            _ = await atMost(limit) { for task in running { await task.value } }
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var requests: [ReceivedRequest] { log.withLock { $0 } }
    func requests(to path: String) -> [ReceivedRequest] { requests.filter { $0.path == path } }

    /// Waits until the server has received `count` requests, or `timeout` has passed (a loaded
    /// machine can take far longer than usual to deliver one); whether they arrived.
    func waitForRequests(_ count: Int, timeout: Duration = .seconds(20)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while requests.count < count {
            guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(10))) != nil else { return false }
        }
        return true
    }

    private init(port: Int, channel: any Channel, group: MultiThreadedEventLoopGroup, log: Locked<[ReceivedRequest]>, replies: Replies) {
        self.port = port
        self.channel = channel
        self.group = group
        self.log = log
        self.replies = replies
    }

    /// A server answering with `handler`; `recordsRequests: false` keeps no log (for runs of
    /// many thousands of requests).
    static func start(storedBodyLimit: Int = 1 << 20, recordsRequests: Bool = true, handler: @escaping Handler) async throws
        -> TestHTTPServer
    {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let log = Locked<[ReceivedRequest]>([])
        let replies = Replies()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(
                        RequestHandler(handler: handler, log: recordsRequests ? log : nil, storedBodyLimit: storedBodyLimit, replies: replies))
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress!.port!
        return TestHTTPServer(port: port, channel: channel, group: group, log: log, replies: replies)
    }

    func stop() async throws {
        try await channel.close()
        await replies.end(within: .seconds(5))
        try await group.shutdownGracefully()
    }

    /// A port on 127.0.0.1 where nothing listens: a socket bound to it without listening, so a
    /// connection is refused, and no server started meanwhile by another test can take the port
    /// (a port bound and closed again was handed to another test's server in a full run). Keep
    /// the value alive while the port is used.
    final class RefusingPort: Sendable {
        let port: Int
        private let descriptor: Int32

        init() throws {
            #if canImport(Glibc)
            let kind = Int32(SOCK_STREAM.rawValue)
            #else
            let kind = SOCK_STREAM
            #endif
            let descriptor = socket(AF_INET, kind, 0)
            guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
                }
            }
            guard bound else {
                let code = errno
                close(descriptor)
                throw POSIXError(.init(rawValue: code) ?? .EIO)
            }
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(descriptor) }
    }
}

private final class RequestHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let handler: TestHTTPServer.Handler
    let log: Locked<[TestHTTPServer.ReceivedRequest]>?
    let storedBodyLimit: Int
    let replies: TestHTTPServer.Replies
    private var current: TestHTTPServer.ReceivedRequest?

    init(
        handler: @escaping TestHTTPServer.Handler, log: Locked<[TestHTTPServer.ReceivedRequest]>?, storedBodyLimit: Int,
        replies: TestHTTPServer.Replies
    ) {
        self.handler = handler
        self.log = log
        self.storedBodyLimit = storedBodyLimit
        self.replies = replies
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            current = .init(method: head.method.rawValue, uri: head.uri, headers: head.headers.map { ($0.name, $0.value) }, body: [], bodyCount: 0)
        case .body(var buffer):
            current?.bodyCount += buffer.readableBytes
            if let stored = current?.body.count, stored < storedBodyLimit {
                let take = min(buffer.readableBytes, storedBodyLimit - stored)
                current?.body += buffer.readBytes(length: take) ?? []
            }
        case .end:
            guard let request = current else { return }
            current = nil
            log?.withLock { $0.append(request) }
            let channel = context.channel
            let handler = self.handler
            replies.start {
                let reply = await handler(request)
                await RequestHandler.write(reply, to: channel)
            }
        }
    }

    static func write(_ reply: TestHTTPServer.Reply, to channel: any Channel) async {
        var headers = HTTPHeaders(reply.headers)
        let length: Int
        switch reply.body {
        case .bytes(let bytes): length = bytes.count
        case .generated(let count, _, _): length = count
        case .fault(_, let declaredLength): length = declaredLength
        case .produced(let count, _, _, _, _): length = count
        }
        if !headers.contains(name: "Content-Length") { headers.add(name: "Content-Length", value: String(length)) }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: reply.status), headers: headers)
        do {
            try await channel.writeAndFlush(HTTPServerResponsePart.head(head))
            switch reply.body {
            case .bytes(let bytes):
                if !bytes.isEmpty {
                    try await channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes))))
                }
            case .generated(let count, let chunk, let delay):
                var sent = 0
                while sent < count {
                    let size = min(chunk, count - sent)
                    var buffer = channel.allocator.buffer(capacity: size)
                    buffer.writeRepeatingByte(UInt8(truncatingIfNeeded: sent / chunk), count: size)
                    try await channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)))
                    sent += size
                    if let delay { try await Task.sleep(for: delay) }
                }
            case .produced(let count, let chunk, let pace, let resetAfter, let bytes):
                let end = min(count, resetAfter ?? count)
                var sent = 0
                while sent < end {
                    let size = min(chunk, end - sent)
                    try await channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes(sent, size)))))
                    sent += size
                    if let pace { try await Task.sleep(for: pace) }
                }
                if resetAfter.map({ $0 < count }) == true {
                    if let socket = channel as? any SocketOptionProvider {
                        try await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
                    }
                    try await channel.close()
                    return
                }
            case .fault(let fault, let declaredLength):
                func send(_ count: Int) async throws {
                    guard count > 0 else { return }
                    try await channel.writeAndFlush(
                        HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(repeating: UInt8(ascii: "x"), count: count))))
                }
                switch fault {
                case .resetAfter(let bytes):
                    try await send(bytes)
                    // SO_LINGER 0: close sends RST instead of FIN.
                    if let socket = channel as? any SocketOptionProvider {
                        try await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
                    }
                    try await channel.close()
                    return
                case .closeAfter(let bytes):
                    try await send(bytes)
                    try await channel.close()
                    return
                case .drip(let interval):
                    for _ in 0..<declaredLength {
                        try await send(1)
                        try await Task.sleep(for: interval)
                    }
                }
            }
            try await channel.writeAndFlush(HTTPServerResponsePart.end(nil))
        } catch {
            try? await channel.close()
        }
    }
}
