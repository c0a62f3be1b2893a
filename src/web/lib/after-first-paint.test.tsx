// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

afterEach(cleanup);

describe('AfterFirstPaint', () => {
  it('draws the fallback first and the children once the page has painted', async () => {
    render(
      <AfterFirstPaint fallback={<p>Loading the rest...</p>}>
        <p>The rest of the page</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('Loading the rest...')).toBeTruthy();
    expect(screen.queryByText('The rest of the page')).toBeNull();
    expect(await screen.findByText('The rest of the page')).toBeTruthy();
    expect(screen.queryByText('Loading the rest...')).toBeNull();
  });

  it('draws nothing in its place without a fallback, and stops waiting for the paint when it is gone', () => {
    const cancel = vi.spyOn(window, 'cancelAnimationFrame');
    const { container, unmount } = render(
      <AfterFirstPaint>
        <p>Later</p>
      </AfterFirstPaint>,
    );
    expect(container.textContent).toBe('');
    unmount();
    expect(cancel).toHaveBeenCalled();
    cancel.mockRestore();
  });
});
