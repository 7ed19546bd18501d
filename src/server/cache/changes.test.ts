import { describe, expect, it } from 'vitest';
import { changeSeq, isCurrent, recordVoteChange, recordWholeChange, type VoteReach } from './changes';

/** A copy made now that shows `reach`. */
const copyShowing = (reach?: VoteReach) => ({ generation: changeSeq(), reach });

describe('what a change leaves current', () => {
  it('a vote clears what shows that post: its page, its board (any letter case), lists across boards; nothing else', () => {
    recordWholeChange();
    const copies = {
      itsPage: copyShowing({ post: 7 }),
      otherPage: copyShowing({ post: 8 }),
      itsBoard: copyShowing({ board: 'Ideas' }),
      otherBoard: copyShowing({ board: 'bugs' }),
      acrossBoards: copyShowing('any'),
      byDefault: copyShowing(),
      noCounts: copyShowing('none'),
    };
    recordVoteChange({ post: 7, board: 'ideas' });
    const current = Object.fromEntries(Object.entries(copies).map(([name, copy]) => [name, isCurrent(copy)]));
    expect(current).toEqual({
      itsPage: false,
      otherPage: true,
      itsBoard: false,
      otherBoard: true,
      acrossBoards: false,
      byDefault: false,
      noCounts: true,
    });
  });

  it('a copy made after the vote is current; a whole change clears everything, counts or not', () => {
    recordVoteChange({ post: 7, board: 'ideas' });
    const after = copyShowing({ post: 7 });
    const noCounts = copyShowing('none');
    expect(isCurrent(after)).toBe(true);
    recordWholeChange();
    expect([isCurrent(after), isCurrent(noCounts)]).toEqual([false, false]);
  });

  it('a copy whose read began before a vote committed is not current, even if it is stored after', () => {
    const started = copyShowing({ board: 'ideas' });
    recordVoteChange({ post: 1, board: 'ideas' });
    expect(isCurrent(started)).toBe(false);
  });

  it("a person's votes are cleared by their own vote alone; a vote of unknown voter or a whole change clears everyone's", () => {
    recordWholeChange();
    const mine = copyShowing({ voter: 'me' });
    const theirs = copyShowing({ voter: 'them' });
    recordVoteChange({ post: 7, board: 'ideas', voter: 'them' });
    expect([isCurrent(mine), isCurrent(theirs)]).toEqual([true, false]);
    const again = copyShowing({ voter: 'them' });
    recordVoteChange({ post: 8, board: 'ideas' });
    expect([isCurrent(mine), isCurrent(again)]).toEqual([false, false]);
    const afterUnknown = copyShowing({ voter: 'me' });
    recordWholeChange();
    expect(isCurrent(afterUnknown)).toBe(false);
  });
});
