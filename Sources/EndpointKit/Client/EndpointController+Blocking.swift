import Dispatch
import HTTPTypes

extension EndpointController {
    /// Sends `request` and blocks the calling thread until the answer: for scripts and simple
    /// command-line tools that have no async context.
    ///
    /// Do not call it from Swift concurrency (an `async` function, a task or an actor): blocking one
    /// of the few cooperative threads can deadlock the program, so it refuses there with
    /// ``EndpointRequestError/blockingCallInAsyncContext``. Do not call it on the main thread of an app
    /// either: the interface would freeze. The request itself runs in a detached task, so a blocked
    /// caller thread never starves it.
    public func loadBlocking<R: Request>(_ request: R, page: Int = 1) throws(EndpointError) -> R.Response
    where R.Response: Sendable {
        if withUnsafeCurrentTask(body: { $0 != nil }) {
            throw EndpointError(
                .invalidRequest(.blockingCallInAsyncContext), method: request.method, path: request.path.description,
                attempts: 0)
        }
        let result = Locked<Result<R.Response, EndpointError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let outcome: Result<R.Response, EndpointError>
            do throws(EndpointError) {
                outcome = .success(try await self.load(request, page: page))
            } catch {
                outcome = .failure(error)
            }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
