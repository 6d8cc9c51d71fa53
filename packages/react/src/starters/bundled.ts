// The starters this package carries (@quire/core's), for a gallery without a Quire client: a lazy chunk of
// their own, since most hosts list them from the service and they are most of @quire/core's size.
export { getStarter, starters } from '@quire/core';
