'use client';
// A link that looks like a button (./Button.tsx's classes). Its own module: next/link stays out of
// pages that only need buttons (sign-in, setup: decision 028).
import Link from 'next/link';
import type { ComponentProps } from 'react';
import { buttonClass, type ButtonVariant } from './Button';

export function ButtonLink({ variant, size, className, ...rest }: ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: 'sm' }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
