import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A throwaway nginx set-up in a temporary directory: a master and one worker (a lone worker,
/// `master_process off`, started by Foundation's `Process` ignores SIGTERM: it inherits a signal
/// mask that blocks it), keep-alive without limit, no access log, serving ``E2EDocument/body`` at
/// `/entry` as `application/json`.
struct NginxConfiguration {
    let executable: URL
    let directory: URL
    let port: Int

    /// nginx's binary, when Debian's package is installed.
    static var executable: URL? {
        ["/usr/sbin/nginx", "/usr/bin/nginx"].map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The command line: the configuration, the prefix and the error log all in ``directory``.
    var arguments: [String] {
        ["-p", directory.path + "/", "-e", directory.appendingPathComponent("error.log").path, "-c", directory.appendingPathComponent("nginx.conf").path]
    }

    /// Writes the configuration and the document into a new temporary directory.
    static func write() throws -> NginxConfiguration {
        guard let executable else { throw BenchmarkError.usage("nginx is not installed (apt-get install nginx-light)") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("endpointkit-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("html"), withIntermediateDirectories: true)
        try E2EDocument.body.write(to: directory.appendingPathComponent("html/entry"))
        let port = try freePort()
        let text = """
            worker_processes 1;
            daemon off;
            user root;
            pid \(directory.path)/nginx.pid;
            error_log \(directory.path)/error.log error;
            events { worker_connections 1024; }
            http {
                access_log off;
                keepalive_requests 100000000;
                keepalive_timeout 120s;
                client_body_temp_path \(directory.path)/client_body;
                proxy_temp_path \(directory.path)/proxy;
                fastcgi_temp_path \(directory.path)/fastcgi;
                uwsgi_temp_path \(directory.path)/uwsgi;
                scgi_temp_path \(directory.path)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    root \(directory.path)/html;
                    location = /entry { default_type application/json; }
                }
            }

            """
        try Data(text.utf8).write(to: directory.appendingPathComponent("nginx.conf"))
        return NginxConfiguration(executable: executable, directory: directory, port: port)
    }

    /// A port the kernel had free a moment ago on 127.0.0.1 (nginx cannot report an ephemeral one).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchmarkError.usage("socket() failed: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw BenchmarkError.usage("bind() failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

extension sockaddr_in {
    /// 127.0.0.1:`port`.
    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
