/// How a resumable download checks its file and where it starts: see
/// ``EndpointController/resumableDownload(_:options:)``.
public struct ResumableDownloadOptions: Sendable {
    /// The checksum the finished file must have; `nil` (the default) checks the length only.
    public var checksum: DownloadChecksum?
    /// Where to go on from: the ``EndpointError/resumeData`` of an earlier cancelled or failed
    /// download of the same request and destination. `nil` (the default) starts from zero.
    public var resumeData: DownloadResumeData?
    /// The most attempts that kept bytes before failing and so do not count against
    /// ``RetryPolicy/maxAttempts``. Default 100.
    public var maxResumes: Int

    /// Options; every argument has the documented default.
    public init(checksum: DownloadChecksum? = nil, resumeData: DownloadResumeData? = nil, maxResumes: Int = 100) {
        self.checksum = checksum
        self.resumeData = resumeData
        self.maxResumes = maxResumes
    }

    /// Checks the options before anything is sent.
    func validate() throws(DownloadIntegrityFailure) {
        guard maxResumes >= 0 else { throw .invalidOption(name: "maxResumes", value: String(maxResumes), allowed: "0 or more") }
        try checksum?.validate()
    }
}
