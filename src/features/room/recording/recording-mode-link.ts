/**
 * A room link may choose the host's recording mode: "Create Podcast Room" opens
 * /room/<id>?recording=separate. Anything else in the address is ignored.
 */
import { ROOM_RECORDING_MODES, type RoomRecordingMode } from '../../../protocol';

export const RECORDING_MODE_PARAM = 'recording';

export function recordingModeFromSearch(search: string): RoomRecordingMode | undefined {
  const value = new URLSearchParams(search).get(RECORDING_MODE_PARAM);
  return ROOM_RECORDING_MODES.find((mode) => mode === value);
}
