import AssistCore
import Testing

/// The table of `docs/protocol.md` §13.4, row by row: what the person's side
/// of a call sends and receives for each `videoMode` and each offered media.
struct CallTracksTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let videoMode: VideoMode
        let media: CallMedia
        let sendsVideo: Bool
        let receivesVideo: Bool
        let videoDirection: MediaDirection
        var testDescription: String { "\(videoMode) × \(media)" }
    }

    static let table: [Row] = [
        Row(videoMode: .full, media: .video, sendsVideo: true, receivesVideo: true, videoDirection: .sendrecv),
        Row(videoMode: .full, media: .audio, sendsVideo: false, receivesVideo: false, videoDirection: .inactive),
        Row(videoMode: .agentOnly, media: .video, sendsVideo: false, receivesVideo: true, videoDirection: .recvonly),
        Row(videoMode: .agentOnly, media: .audio, sendsVideo: false, receivesVideo: false, videoDirection: .inactive),
        Row(videoMode: .none, media: .video, sendsVideo: false, receivesVideo: false, videoDirection: .inactive),
        Row(videoMode: .none, media: .audio, sendsVideo: false, receivesVideo: false, videoDirection: .inactive),
    ]

    @Test("each videoMode and media sends and receives what §13.4 says", arguments: table)
    func tracksFollowTheTable(row: Row) {
        let tracks = CallTracks(videoMode: row.videoMode, media: row.media)
        #expect(tracks.sendsVideo == row.sendsVideo)
        #expect(tracks.receivesVideo == row.receivesVideo)
        #expect(tracks.videoDirection == row.videoDirection)
    }

    @Test("audio flows both ways in every row", arguments: table)
    func audioAlwaysFlowsBothWays(row: Row) {
        let tracks = CallTracks(videoMode: row.videoMode, media: row.media)
        #expect(tracks.audioDirection == .sendrecv)
    }

    @Test("the table covers every videoMode with every media")
    func tableIsComplete() {
        let covered = Set(Self.table.map { "\($0.videoMode)-\($0.media)" })
        let all = Set(VideoMode.allCases.flatMap { mode in CallMedia.allCases.map { "\(mode)-\($0)" } })
        #expect(covered == all)
    }
}
