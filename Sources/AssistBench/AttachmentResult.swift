import Foundation

/// What the attachment benchmark measured: one file's trips through the
/// server against `curl` fetching the same bytes from its static file route,
/// and the server's resident memory while files of two sizes went through.
struct AttachmentResult: Sendable {
    /// One size's figures.
    struct Trip: Sendable {
        /// The file's size in bytes.
        let bytes: Int
        /// The app's upload (``AttachmentTransfer``), median of the runs, in seconds.
        let upload: Double
        /// The app's download, median of the runs, in seconds.
        let download: Double
        /// `curl` fetching the same bytes from the static file route, median, in seconds.
        let staticFetch: Double
        /// The server's resident memory before the trips, in KiB.
        let residentBeforeKiB: Int
        /// The highest resident memory seen while the trips ran, in KiB.
        let residentPeakKiB: Int
    }

    /// The trips, smallest file first.
    let trips: [Trip]
    /// Runs each median is taken over.
    let runs: Int
}
